import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { downloadText } from '../../lib/download';
import { answerMessage } from '../../mutationMeta';
import { errorMessage, trpc } from '../../trpc';

const saveJson = (data: unknown, name: string) => downloadText(name, JSON.stringify(data, null, 2), 'application/json');

/**
 * DPDP Act 2023 requests (docs/clients-and-reports.md): every salon's client records about one
 * person, by e-mail, exported as JSON or erased. Both are written to the audit log below.
 */
export function DataRightsCard() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fail = (e: unknown) => setError(errorMessage(e, 'The request failed. Please try again.'));
  const exporter = trpc.admin.exportClientRecords.useMutation({
    meta: { invalidates: ['admin.security'] },
    onSuccess: (answer) => saveJson(answer.data, `client-records-${email.trim().toLowerCase()}.json`),
    onError: fail,
  });
  const eraser = trpc.admin.eraseClientRecords.useMutation({
    meta: { successToast: answerMessage, invalidates: ['admin.security'] },
    onSuccess: () => setConfirming(false),
    onError: (e) => {
      setConfirming(false);
      fail(e);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    exporter.mutate({ email: email.trim() });
  };
  return (
    <Card data-testid="data-rights">
      <CardHeader
        title="Customer data requests (DPDP Act 2023)"
        description="Export or erase what salons wrote about a person: notes, allergy and patch-test flags, tags and photos. Bookings and invoices stay."
      />
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <Input
          label="Customer e-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          containerClassName="w-full sm:w-80"
          data-testid="data-rights-email"
        />
        <Button type="submit" variant="outline" loading={exporter.isPending} data-testid="data-rights-export">
          Export JSON
        </Button>
        <Button
          type="button"
          variant="danger"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
          disabled={!email.trim()}
          data-testid="data-rights-erase"
        >
          Erase records
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700" data-testid="data-rights-error">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Erase this person’s client records?"
        message={`Every salon’s notes (all versions), flags, tags and photos about ${email.trim()} are deleted for good.`}
        confirmLabel="Erase"
        busy={eraser.isPending}
        onConfirm={() => eraser.mutate({ email: email.trim(), confirm: true })}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
