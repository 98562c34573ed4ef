import type { ReactNode } from 'react';
import { reasonForm } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';
import { useZodForm } from '../../forms/useZodForm';
import { failureMessage } from '../../trpc';

export interface ReasonProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  label?: string;
  confirmLabel: string;
  busy?: boolean;
  /**
   * Sends the reason (trimmed); the caller hands a failure to `failed` (a mutation's `onError`),
   * and it is shown under the field: a refusal in the server's words (e.g. the salon is no longer
   * pending), anything else as `failure`.
   */
  onConfirm: (reason: string, failed: (error: unknown) => void) => void;
  /** What a failure that is not a refusal (the network, a 5xx) says. */
  failure?: string;
  onClose: () => void;
}

/** A confirmation that needs a written reason (block, reject, unpublish): the reason is sent to the person affected. */
export function ReasonDialog(props: ReasonProps) {
  // Mounted while open: each opening starts with an empty reason.
  return props.open ? <OpenReasonDialog {...props} /> : null;
}

function OpenReasonDialog({
  title,
  message,
  label = 'Reason',
  confirmLabel,
  busy,
  onConfirm,
  failure = 'Could not save. Please try again.',
  onClose,
}: ReasonProps) {
  const form = useZodForm(reasonForm, { defaultValues: { reason: '' } });
  const { errors } = form.formState;
  // The server's answer is about the reason as it was sent: editing it re-validates the field, which clears it.
  const failed = (error: unknown) =>
    form.setError('reason', { type: 'server', message: failureMessage(error, failure) }, { shouldFocus: true });
  const submit = form.handleSubmit(({ reason }) => onConfirm(reason, failed));

  return (
    <Modal
      open
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
          {...form.register('reason')}
          error={errors.reason?.message}
          data-autofocus
        />
      </form>
    </Modal>
  );
}
