import { formatINR } from '../../../shared/money';
import { recordPayoutForm } from '../../../shared/schemas/settlements';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { answerMessage } from '../../mutationMeta';
import { trpc } from '../../trpc';

const money = (n: number) => formatINR(n, { paise: true });
/** Today's date in India, the day a transfer is dated by default. */
export const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * An admin records money paid to a salon (bank transfer, UPI), at most what is due: from the salon's
 * statement (Settlements) or from Payables. The server's refusals (409 over the due amount, a reference
 * recorded for another payout, 400 a future date) land under the field they name.
 */
export function RecordPayout({
  merchantId,
  salonName,
  due,
  onClose,
}: {
  merchantId: string;
  salonName?: string;
  due: number;
  onClose: () => void;
}) {
  const form = useZodForm(recordPayoutForm, {
    defaultValues: { amount: due > 0 ? due.toFixed(2) : '', reference: '', paidOn: indiaToday() },
  });
  const { errors } = form.formState;
  const record = trpc.admin.recordPayout.useMutation({
    meta: { successToast: answerMessage, invalidates: ['merchants.getSettlement', 'admin.payables'] },
    onSuccess: onClose,
    onError: serverErrorsTo(form, 'Could not record the payout.'),
  });
  const submit = form.handleSubmit((v) => record.mutate({ merchantId, ...v }));
  return (
    <Modal
      open
      onClose={onClose}
      title={salonName ? `Record a payout to ${salonName}` : 'Record a payout'}
      description={`Due to the salon: ${money(due)}`}
      testId="record-payout-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="record-payout-form" loading={record.isPending} data-testid="record-payout-submit">
            Record payout
          </Button>
        </>
      }
    >
      <form id="record-payout-form" noValidate onSubmit={submit} className="space-y-3">
        <FormError message={errors.root?.server?.message} testId="record-payout-error" />
        <Input
          id="payout-amount"
          label="Amount (₹)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          {...form.register('amount')}
          error={errors.amount?.message}
          data-testid="payout-amount"
        />
        <Input
          id="payout-reference"
          label="UTR or bank reference"
          {...form.register('reference')}
          error={errors.reference?.message}
          maxLength={100}
          autoComplete="off"
          data-testid="payout-reference"
        />
        <Input
          id="payout-date"
          label="Paid on"
          type="date"
          max={indiaToday()}
          {...form.register('paidOn')}
          error={errors.paidOn?.message}
          data-testid="payout-date"
        />
      </form>
    </Modal>
  );
}
