import { type AdminSalonWire, sponsorInput } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';

/** What a change of sponsorship refreshes: the salons' list and the dashboard. */
export const SALON_QUERIES = ['admin.listSalons', 'admin.salonCompletion', 'admin.dashboard'] as const;

/**
 * Sponsors a published salon, or edits the promotion message of a sponsored one; the message is
 * the line customers see on its card. Ending a sponsorship is its own action (Remove sponsorship).
 * Mounted while open: each opening starts from the salon's message.
 */
export function SponsorModal({ salon, onClose }: { salon: AdminSalonWire; onClose: () => void }) {
  const editing = salon.isSponsored;
  const form = useZodForm(sponsorInput, {
    defaultValues: { merchantId: salon._id, sponsored: true, promotionMessage: salon.promotionMessage ?? '' },
  });
  const { errors } = form.formState;
  const sponsor = trpc.admin.sponsorSalon.useMutation({
    meta: {
      invalidates: SALON_QUERIES,
      successToast: editing ? `The promotion of ${salon.shop_Name} is saved.` : `${salon.shop_Name} is sponsored.`,
    },
    onSuccess: onClose,
    onError: serverErrorsTo(form, 'Could not save the sponsorship.'),
  });
  const submit = form.handleSubmit((input) => sponsor.mutate(input));
  const message = form.watch('promotionMessage');

  return (
    <Modal
      open
      onClose={onClose}
      title={editing ? `Edit the promotion of ${salon.shop_Name}` : `Sponsor ${salon.shop_Name}`}
      description="Sponsored salons show first in the home page's sponsored row with their promotion message."
      testId="sponsor-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={sponsor.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="sponsor-form" loading={sponsor.isPending} data-testid="sponsor-save">
            {editing ? 'Save promotion' : 'Sponsor'}
          </Button>
        </>
      }
    >
      <form id="sponsor-form" noValidate onSubmit={submit} className="space-y-4">
        <FormError message={errors.root?.server?.message} />
        <Textarea
          id="sponsor-message"
          label="Promotion message"
          rows={2}
          maxLength={200}
          placeholder="e.g. 20% off all hair spa this month"
          hint={`${typeof message === 'string' ? message.length : 0}/200`}
          {...form.register('promotionMessage')}
          error={errors.promotionMessage?.message}
          data-autofocus
        />
      </form>
    </Modal>
  );
}
