import { useEffect, useState, type FormEvent } from 'react';
import type { AdminSalonWire } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';

/**
 * Sponsors a published salon, or edits the promotion message of a sponsored one; the message is
 * the line customers see on its card. Ending a sponsorship is its own action (Remove sponsorship).
 */
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
  onSave: (promotionMessage: string) => void;
  onClose: () => void;
}) {
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (salon) setMessage(salon.promotionMessage ?? '');
  }, [salon]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(message.trim());
  };

  const editing = Boolean(salon?.isSponsored);
  return (
    <Modal
      open={Boolean(salon)}
      onClose={onClose}
      title={salon ? (editing ? `Edit the promotion of ${salon.shop_Name}` : `Sponsor ${salon.shop_Name}`) : 'Sponsor salon'}
      description="Sponsored salons show first in the home page's sponsored row with their promotion message."
      testId="sponsor-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="sponsor-form" loading={busy} data-testid="sponsor-save">
            {editing ? 'Save promotion' : 'Sponsor'}
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
        <Textarea
          id="sponsor-message"
          label="Promotion message"
          rows={2}
          maxLength={200}
          placeholder="e.g. 20% off all hair spa this month"
          hint={`${message.length}/200`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          data-autofocus
        />
      </form>
    </Modal>
  );
}
