import { manualBookingInput } from '../../../shared/schemas/bookings';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { FormError } from '../../forms/FormError';
import { digitsOnly, serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';

/** Add New Booking: a walk-in or phone booking noted with the customer's contact details; mounted while open. */
export function ManualBookingModal({ merchantId, onClose }: { merchantId: string; onClose: () => void }) {
  const form = useZodForm(manualBookingInput, { defaultValues: { name: '', mobile: '', email: '', merchantId } });
  const { errors } = form.formState;
  const create = trpc.merchants.createManualBooking.useMutation({
    meta: {
      successToast: (answer: { message?: string }) => answer.message || 'Booking created successfully',
      invalidates: ['merchants.getDashboard', 'merchants.getManualBookings'],
    },
    onSuccess: onClose,
    onError: serverErrorsTo(form, 'Something went wrong while submitting the booking.'),
  });
  const submit = form.handleSubmit((input) => create.mutate(input));

  return (
    <Modal
      open
      onClose={onClose}
      title="Add New Booking"
      description="Note a walk-in or phone booking."
      testId="manual-booking-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="manual-booking-form" loading={create.isPending} data-testid="manual-booking-submit">
            Add Booking
          </Button>
        </>
      }
    >
      <form id="manual-booking-form" noValidate onSubmit={submit} className="space-y-4">
        <FormError message={errors.root?.server?.message} />
        <Input id="manual-name" label="Name" {...form.register('name')} error={errors.name?.message} required autoComplete="off" />
        <Input
          id="manual-mobile"
          label="Mobile number"
          inputMode="numeric"
          maxLength={10}
          {...digitsOnly(form.register('mobile'))}
          error={errors.mobile?.message}
          required
          autoComplete="off"
        />
        <Input
          id="manual-email"
          label="Email"
          type="email"
          {...form.register('email')}
          error={errors.email?.message}
          required
          autoComplete="off"
        />
      </form>
    </Modal>
  );
}
