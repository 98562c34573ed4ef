import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { manualBookingInput } from '../../../shared/schemas/bookings';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { toast } from '../../components/ui/Toast';
import { fieldErrorsOf, type FieldErrors } from '../auth/formErrors';
import { errorMessage, useTRPC } from '../../trpc';

type Field = 'name' | 'mobile' | 'email';
const EMPTY = { name: '', mobile: '', email: '' };

/** Add New Booking: a walk-in or phone booking noted with the customer's contact details. */
export function ManualBookingModal({ open, merchantId, onClose }: { open: boolean; merchantId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.merchants.createManualBooking.mutationOptions());
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const close = () => {
    setForm(EMPTY);
    setErrors({});
    setFormError(null);
    onClose();
  };

  const set = (field: Field) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setFormError(null);
    const parsed = manualBookingInput.safeParse({ ...form, merchantId });
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Field>(parsed.error));
      return;
    }
    setErrors({});
    try {
      const answer = await create.mutateAsync(parsed.data);
      toast.success(answer.message || 'Booking created successfully');
      toast.info('Booking submitted successfully');
      await queryClient.invalidateQueries({ queryKey: trpc.merchants.getDashboard.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.merchants.getManualBookings.queryKey() });
      close();
    } catch (err) {
      setFormError(errorMessage(err, 'Something went wrong while submitting the booking.'));
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add New Booking"
      description="Note a walk-in or phone booking."
      testId="manual-booking-modal"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => submit()} loading={create.isPending} data-testid="manual-booking-submit">
            Add Booking
          </Button>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {formError && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        )}
        <Input id="manual-name" label="Name" value={form.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} required autoComplete="off" />
        <Input
          id="manual-mobile"
          label="Mobile number"
          inputMode="numeric"
          maxLength={10}
          value={form.mobile}
          onChange={(e) => set('mobile')(e.target.value.replace(/\D/g, ''))}
          error={errors.mobile}
          required
          autoComplete="off"
        />
        <Input id="manual-email" label="Email" type="email" value={form.email} onChange={(e) => set('email')(e.target.value)} error={errors.email} required autoComplete="off" />
        <button type="submit" className="hidden" aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}
