import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { DEPOSIT_KEPT_WITHIN_HOURS } from '../../../shared/paymentPolicy';
import { type BookingWire, couponCodeForm, type DuplicateBookingAnswer } from '../../../shared/schemas/bookings';
import { ArrowLeftIcon, TagIcon } from '../../components/icons';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { BookingSummary } from '../../features/booking/BookingSummary';
import { bookingDraftAtom, idempotencyKeyFor, resetDraftAtom, saveConfirmedBooking } from '../../features/booking/draft';
import { couponAppliedText, duplicateBookingText } from '../../features/booking/format';
import { setNextIdempotencyKey } from '../../features/booking/idempotency';
import { channelTokenFor } from '../../features/channels/channel';
import { holdingBalance } from '../../features/packages/Holdings';
import { type OpenPayment, PayNowDialog } from '../../features/payments/PayNow';
import { PaymentChoice, type PaymentMethod } from '../../features/wallet/PaymentChoice';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { usePageTitle } from '../../lib/usePageTitle';
import { sessionAtom } from '../../state/session';
import { errorMessage, httpStatusOf, trpc } from '../../trpc';

type Duplicate = NonNullable<DuplicateBookingAnswer['data']['duplicate']>;

interface AppliedCoupon {
  code: string;
  amount: number;
  message: string;
}

export default function BookingReview({ params }: { params: { id: string } }) {
  usePageTitle('Review your booking');
  const salonId = params.id;
  const client = trpc.useUtils().client;
  const utils = trpc.useUtils();
  const [, navigate] = useLocation();
  const session = useAtomValue(sessionAtom);
  const draft = useAtomValue(bookingDraftAtom);
  const resetDraft = useSetAtom(resetDraftAtom);

  const couponForm = useZodForm(couponCodeForm, { defaultValues: { code: '' } });
  const couponErrors = couponForm.formState.errors;
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('pay_at_salon');
  const [useWallet, setUseWallet] = useState(false);
  const [paying, setPaying] = useState<OpenPayment | null>(null);
  const [error, setError] = useState<{ message: string; slotTaken: boolean } | null>(null);

  const [repeating, setRepeating] = useState<Duplicate | null>(null);
  const [holdingId, setHoldingId] = useState('');
  const holdingsQ = trpc.users.getMyHoldings.useQuery(
    // Every holding the customer has at this salon fits one page of the largest size.
    { merchantId: salonId, limit: 100 },
    { enabled: session.userType === 'customer', staleTime: 30_000 },
  );
  const usable = (holdingsQ.data?.holdings ?? []).filter((h) => h.state === 'active');

  // The salon's payment policy for these services: stated before paying; pay at salon only where allowed.
  const terms = trpc.payments.bookingTerms.useQuery(
    { merchantId: salonId, serviceIds: draft.selectedServices.map((s) => s._id) },
    { enabled: draft.selectedServices.length > 0 },
  ).data?.data;
  useEffect(() => {
    if (terms && !terms.payAtSalon && paymentMethod === 'pay_at_salon') setPaymentMethod('online');
  }, [terms, paymentMethod]);
  const create = trpc.users.createBooking.useMutation({ meta: { invalidates: ['users.getAllBookings'] } });
  const startPayment = trpc.payments.startBookingPayment.useMutation({
    meta: { invalidates: ['users.getAllBookings', 'users.getWallet', 'payments.myPayments'] },
  });
  const selectPath = `/salon/${salonId}/booking/select`;
  const complete =
    draft.salonId === salonId && draft.selectedServices.length > 0 && Boolean(draft.selectedDate) && Boolean(draft.selectedTime);
  const duplicateInput = {
    merchantId: salonId,
    serviceIds: draft.selectedServices.map((s) => s._id),
    bookingDate: draft.selectedDate ?? '',
    bookingTime: draft.selectedTime ?? '',
  };
  // Asked ahead, so that Confirm can warn at once; only a customer's own bookings count.
  const checkDuplicate = complete && session.userType === 'customer';
  trpc.users.findDuplicateBooking.useQuery(duplicateInput, { enabled: checkDuplicate, staleTime: 30_000 });

  if (!complete) {
    return (
      <PageContainer>
        <EmptyState
          title="Nothing to review yet"
          description="Choose your services, professional, date and time first."
          action={
            <Link href={selectPath} className={buttonClasses('primary')}>
              Choose services and time
            </Link>
          }
        />
      </PageContainer>
    );
  }

  const serviceIds = draft.selectedServices.map((s) => s._id);

  const applyCoupon = couponForm.handleSubmit(async ({ code }) => {
    try {
      const answer = await client.users.validateCoupon.query({
        merchantId: salonId,
        serviceIds,
        code,
        bookingDate: draft.selectedDate ?? undefined,
      });
      if (answer.valid) setCoupon({ code: answer.code, amount: answer.discount, message: answer.message });
      else {
        setCoupon(null);
        couponForm.setError('code', { type: 'server', message: answer.message }, { shouldFocus: true });
      }
    } catch (err) {
      setCoupon(null);
      serverErrorsTo(couponForm, 'Could not check this coupon. Please try again.')(err);
    }
  });
  const codeField = couponForm.register('code');

  /** A second booking of the same service, salon and time is made only after the customer says so. */
  const confirmUnlessDuplicate = async () => {
    if (checkDuplicate) {
      // The warning is advice: if it cannot be checked, booking goes ahead as before.
      const answer = await utils.users.findDuplicateBooking.fetch(duplicateInput, { staleTime: 30_000 }).catch(() => null);
      if (answer?.data.duplicate) {
        setRepeating(answer.data.duplicate);
        return;
      }
    }
    await confirm();
  };

  /** The booking made (or paid for): kept for the confirmation screen, which it opens. */
  const booked = (booking: BookingWire) => {
    utils.users.getBookingById.setData({ bookingId: booking._id }, { data: { booking } });
    saveConfirmedBooking({
      id: booking._id,
      localId: draft.bookingId,
      salonId,
      salonName: booking.salonName,
      salonImage: booking.salonImage,
      services: booking.services.map((s) => ({ _id: s._id ?? '', serviceName: s.serviceName, duration: s.duration, price: s.price })),
      professional: booking.professional,
      date: booking.bookingDate,
      time: booking.bookingTime,
      totalAmount: booking.totalPrice,
      totalDuration: booking.totalDuration,
      status: 'upcoming',
      createdAt: booking.createdAt,
    });
    navigate(`/salon/${salonId}/booking/confirmation?bookingId=${booking._id}`);
    resetDraft();
  };

  const confirm = async () => {
    setRepeating(null);
    setError(null);
    const request = {
      merchantId: salonId,
      serviceIds,
      staffId: draft.selectedProfessional?._id ?? undefined,
      bookingDate: draft.selectedDate!,
      bookingTime: draft.selectedTime!,
      couponCode: coupon?.code,
      channelToken: channelTokenFor(salonId),
      ...(holdingId ? { holdingId } : {}),
    };
    try {
      if (paymentMethod === 'online') {
        // The slot is held while the customer pays; the dialog confirms it once the payment is verified.
        const started = await startPayment.mutateAsync({ ...request, useWallet });
        setPaying({ payment: started.data.payment, salonName: started.data.booking.salonName });
        return;
      }
      setNextIdempotencyKey(idempotencyKeyFor(draft));
      const answer = await create.mutateAsync({
        userId: session.userType === 'customer' ? (session.userId ?? undefined) : undefined,
        ...request,
        paymentMethod,
      });
      booked(answer.data.booking);
    } catch (err) {
      const slotTaken = httpStatusOf(err) === 409;
      setError({ message: errorMessage(err, 'Could not confirm your booking. Please try again.'), slotTaken });
    }
  };

  return (
    <PageContainer>
      <Link href={selectPath} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-plum-700 hover:underline">
        <ArrowLeftIcon className="size-4" /> Change services or time
      </Link>
      <PageHeader
        eyebrow={draft.salonName}
        title="Review your booking"
        description="Check the details, add a coupon if you have one, then confirm."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="space-y-6">
          <Card>
            <h2 className="mb-3 flex items-center gap-2 text-base font-semibold text-ink-900">
              <TagIcon className="size-5 text-plum-600" /> Coupon
            </h2>
            <form onSubmit={applyCoupon} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
              <Input
                label="Coupon code"
                hideLabel
                placeholder="Enter coupon code"
                {...codeField}
                // Codes are upper case: what is typed is shown (and sent) so.
                onChange={(e) => {
                  e.target.value = e.target.value.toUpperCase();
                  return codeField.onChange(e);
                }}
                // A refusal about the draft (its services or date), not the code, shows here too: it is why the code was not applied.
                error={couponErrors.code?.message ?? couponErrors.root?.server?.message}
                containerClassName="flex-1"
                data-testid="coupon-input"
                maxLength={30}
              />
              <div className="flex gap-2">
                <Button
                  type="submit"
                  variant="outline"
                  className="h-11"
                  loading={couponForm.formState.isSubmitting}
                  data-testid="apply-coupon"
                >
                  Apply
                </Button>
                {coupon && (
                  <Button
                    variant="ghost"
                    className="h-11"
                    onClick={() => {
                      setCoupon(null);
                      couponForm.reset();
                    }}
                  >
                    Remove
                  </Button>
                )}
              </div>
            </form>
            {coupon && (
              <p className="mt-3 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800" role="status" data-testid="coupon-applied">
                {couponAppliedText(coupon)}
              </p>
            )}
          </Card>

          {usable.length > 0 && (
            <Card data-testid="use-holding">
              <h2 className="mb-1 text-base font-semibold text-ink-900">Your packages and vouchers here</h2>
              <p className="mb-3 text-sm text-ink-500">
                A package session covers a service it includes; a voucher pays what it can; a membership takes its discount. The salon
                prices it when you confirm.
              </p>
              <div className="space-y-2" role="radiogroup" aria-label="Use a package or voucher">
                {[
                  { _id: '', name: 'Do not use one', detail: '' },
                  ...usable.map((h) => ({ _id: h._id, name: h.name, detail: holdingBalance(h) })),
                ].map((h) => (
                  <label
                    key={h._id || 'none'}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-blush-200 px-3 py-2 text-sm"
                  >
                    <input
                      type="radio"
                      name="holding"
                      checked={holdingId === h._id}
                      onChange={() => setHoldingId(h._id)}
                      data-testid={h._id ? 'holding-option' : 'holding-none'}
                    />
                    <span>
                      <span className="font-medium text-ink-900">{h.name}</span>
                      {h.detail && <span className="block text-xs text-ink-500">{h.detail}</span>}
                    </span>
                  </label>
                ))}
              </div>
            </Card>
          )}

          <PaymentChoice
            total={Math.max(0, draft.totalAmount - (coupon?.amount ?? 0))}
            value={paymentMethod}
            onChange={setPaymentMethod}
            useWallet={useWallet}
            onUseWallet={setUseWallet}
            terms={terms}
          />

          <Card>
            <h2 className="mb-2 text-base font-semibold text-ink-900">Before you go</h2>
            <ul className="list-disc space-y-1 pl-5 text-sm text-ink-700">
              <li>Show the QR code from your confirmation at the salon to check in.</li>
              {terms?.kind === 'deposit' ? (
                <li>
                  Cancel {DEPOSIT_KEPT_WITHIN_HOURS} hours or more before and the deposit is refunded in full; it is kept if you cancel
                  later or don't come.
                </li>
              ) : (
                <li>Free cancellation up to 2 hours before; 50% refund 1 to 2 hours before; no refund under 1 hour.</li>
              )}
              <li>Free reschedule up to 4 hours before your appointment.</li>
            </ul>
          </Card>
        </div>

        <aside className="lg:sticky lg:top-24 lg:self-start">
          <BookingSummary draft={draft} title="Booking summary" discount={coupon}>
            {error && (
              <div
                role="alert"
                className="mb-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
                data-testid="booking-error"
              >
                {error.message}
                {error.slotTaken && (
                  <>
                    {' '}
                    <Link href={selectPath} className="font-semibold underline">
                      Choose another time
                    </Link>
                  </>
                )}
              </div>
            )}
            <Button
              size="lg"
              fullWidth
              onClick={confirmUnlessDuplicate}
              loading={create.isPending || startPayment.isPending}
              loadingText="Confirming..."
              data-testid="confirm-booking"
            >
              {paymentMethod === 'online' ? 'Continue to pay' : 'Confirm Booking'}
            </Button>
          </BookingSummary>
        </aside>
      </div>
      {paying && (
        <PayNowDialog
          open={paying}
          onPaid={(booking) => booked(booking)}
          onClose={() => {
            setPaying(null);
            setError({
              message: 'Your slot is held for a few minutes: finish paying from My Bookings, or it is released.',
              slotTaken: false,
            });
          }}
        />
      )}
      <ConfirmDialog
        open={repeating !== null}
        title="Book this again?"
        tone="primary"
        confirmLabel="Book again"
        busy={create.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setRepeating(null)}
        message={
          repeating && (
            <>
              <p data-testid="duplicate-warning">{duplicateBookingText(repeating)}</p>
              <p className="mt-2">
                <Link
                  href={`/salon/${salonId}/booking/confirmation?bookingId=${repeating.bookingId}`}
                  className="font-semibold text-plum-700 underline"
                >
                  See the booking you have
                </Link>
              </p>
            </>
          )
        }
      />
    </PageContainer>
  );
}
