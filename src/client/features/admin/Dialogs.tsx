import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';

export interface ReasonProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  label?: string;
  confirmLabel: string;
  busy?: boolean;
  /** A server error to show under the field (e.g. the salon is no longer pending). */
  error?: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** A confirmation that needs a written reason (block, reject, unpublish): the reason is sent to the person affected. */
export function ReasonDialog({ open, title, message, label = 'Reason', confirmLabel, busy, error, onConfirm, onClose }: ReasonProps) {
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  // The server's answer is about the reason as it was sent; once it is edited, the error is stale.
  const [showServerError, setShowServerError] = useState(false);

  useEffect(() => {
    if (open) {
      setReason('');
      setLocalError(null);
      setShowServerError(false);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < 3) {
      setLocalError('Give a reason of at least 3 characters.');
      return;
    }
    setLocalError(null);
    setShowServerError(true);
    onConfirm(text);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="md"
      testId="admin-reason"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form="admin-reason-form" loading={busy} data-testid="admin-reason-submit">
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id="admin-reason-form" noValidate onSubmit={submit} className="space-y-3">
        {message && <div className="text-sm text-ink-700">{message}</div>}
        <Textarea
          id="admin-reason-text"
          label={label}
          required
          rows={3}
          maxLength={500}
          value={reason}
          error={localError ?? (showServerError ? error : null) ?? undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setLocalError(null);
            setShowServerError(false);
          }}
          data-autofocus
        />
      </form>
    </Modal>
  );
}
