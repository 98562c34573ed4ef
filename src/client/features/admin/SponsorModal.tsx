import { useEffect, useState, type FormEvent } from 'react';
import type { AdminSalonWire } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';

/** Turns a published salon's sponsored placement on or off, with the line customers see on its card. */
export function SponsorModal({
  salon,
  busy,
  error,
  onSave,
  onClose,
}: {
  salon: AdminSalonWire | null;
  busy: boolean;
  error: string | null;
  onSave: (sponsored: boolean, promotionMessage: string) => void;
  onClose: () => void;
}) {
  const [sponsored, setSponsored] = useState(true);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!salon) return;
    setSponsored(true);
    setMessage(salon.promotionMessage ?? '');
  }, [salon]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(sponsored, message.trim());
  };

  return (
    <Modal
      open={Boolean(salon)}
      onClose={onClose}
      title={salon ? `Sponsor ${salon.shop_Name}` : 'Sponsor salon'}
      description="Sponsored salons show first in the home page's sponsored row with their promotion message."
      testId="sponsor-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="sponsor-form" loading={busy} data-testid="sponsor-save">
            Save
          </Button>
        </>
      }
    >
      <form id="sponsor-form" noValidate onSubmit={submit} className="space-y-4">
        {error && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <Checkbox id="sponsor-on" label="Sponsored" description="Untick to end the promotion." checked={sponsored} onChange={(e) => setSponsored(e.target.checked)} />
        <Textarea
          id="sponsor-message"
          label="Promotion message"
          rows={2}
          maxLength={200}
          placeholder="e.g. 20% off all hair spa this month"
          hint={`${message.length}/200`}
          value={message}
          disabled={!sponsored}
          onChange={(e) => setMessage(e.target.value)}
        />
      </form>
    </Modal>
  );
}
