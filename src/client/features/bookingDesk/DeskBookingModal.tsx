import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type BookingWire, deskBookingForm } from '../../../shared/schemas/bookings';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { digitsOnly, serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { cn } from '../../lib/cn';
import { longDate } from '../../lib/dates';
import { errorMessage, httpStatusOf, trpc } from '../../trpc';
import { formatDuration, formatINR, salonToday } from '../booking/format';
import { SlotPicker } from '../booking/SlotPicker';
import { customerName, DESK_QUERIES, serviceNames } from './desk';

const FALLBACK_ZONE = 'Asia/Kolkata';
const ANY = '';

export interface DeskBookingModalProps {
  open: boolean;
  merchantId: string;
  onClose: () => void;
  /** The booking was made: the page closes the modal and refreshes its lists. */
  onBooked: (booking: BookingWire) => void;
  /** A time picked on the calendar: that professional (if any), date and time start chosen. */
  prefill?: { staffId?: string; date: string; time: string } | null;
}

/**
 * Book a slot: the desk books a real slot for a customer on the phone or at the counter — their
 * contact details, the services, a professional (or whoever is free) and a free time of a day.
 */
export function DeskBookingModal(props: DeskBookingModalProps) {
  // Mounted only while open, so every opening starts from an empty form.
  if (!props.open) return null;
  return <DeskBookingForm {...props} />;
}

function DeskBookingForm({ merchantId, onClose, onBooked, prefill }: DeskBookingModalProps) {
  const utils = trpc.useUtils();
  const scope = { merchantId };
  const shopQuery = trpc.merchants.getShop.useQuery(scope);
  const servicesQuery = trpc.services.getAllServices.useQuery(scope);
  const staffQuery = trpc.merchants.getAllStaffByMerchant.useQuery(scope);

  const timeZone = shopQuery.data?.shop.timeZone ?? FALLBACK_ZONE;
  const openingHours = shopQuery.data?.shop.openingHours;
  const services = useMemo(() => (servicesQuery.data?.services ?? []).filter((s) => s.active), [servicesQuery.data]);
  const staff = useMemo(() => (staffQuery.data?.staff ?? []).filter((s) => s.status === 'Active'), [staffQuery.data]);

  const form = useZodForm(deskBookingForm, {
    defaultValues: {
      merchantId,
      name: '',
      mobile: '',
      email: '',
      serviceIds: [],
      staffId: prefill?.staffId ?? ANY,
      bookingDate: prefill?.date ?? '',
      bookingTime: prefill?.time ?? '',
    },
    // The effect below brings the first message into view and focuses its field, whichever it is.
    shouldFocusError: false,
  });
  const { errors, isSubmitted } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  /** Bumped on every refused submit, so the first message is brought into view even when it is unchanged. */
  const [attempt, setAttempt] = useState(0);
  const refused = () => setAttempt((n) => n + 1);

  const create = trpc.merchants.createSlot.useMutation({
    meta: {
      successToast: ({ data: { booking } }: { data: { booking: BookingWire } }) =>
        `Booked ${serviceNames(booking)} for ${customerName(booking)} on ${longDate(booking.bookingDate)} at ${booking.bookingTime}. ${booking.userDetails.email} gets an e-mail to confirm it.`,
      // The time is taken now: pickers anywhere show it gone; the desk's lists and calendar show the booking.
      invalidates: ['users.getAvailableSlots', 'merchants.getSlots', ...DESK_QUERIES],
    },
    onSuccess: ({ data }) => onBooked(data.booking),
    onError: (err) => {
      if (httpStatusOf(err) === 409) {
        // Someone took the time meanwhile: say so and show the times that are still free.
        form.setValue('bookingTime', '');
        void utils.users.getAvailableSlots.invalidate();
      }
      serverErrorsTo(form, 'Something went wrong while booking the slot. Please try again.')(err);
      refused();
    },
  });

  // The professional's select is registered before the salon's staff have loaded, so the browser
  // could not show the prefilled choice then (no such option yet): show it once they have.
  useEffect(() => {
    if (staff.length) form.setValue('staffId', form.getValues('staffId'));
  }, [staff, form]);

  // The form is longer than the screen: bring the first message into view (and its field into focus).
  useEffect(() => {
    if (!attempt) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!first) return;
    first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    if (first.matches('input, select')) first.focus({ preventScroll: true });
  }, [attempt]);

  const [serviceIds, staffId, pickedDate, time] = form.watch(['serviceIds', 'staffId', 'bookingDate', 'bookingTime']) as [
    string[],
    string,
    string,
    string,
  ];
  // The desk mostly books for today; any other day is one tap away.
  const date = pickedDate || salonToday(timeZone);
  const chosen = services.filter((s) => serviceIds.includes(s._id));
  const totals = chosen.reduce((t, s) => ({ duration: t.duration + s.duration, price: t.price + s.finalPrice }), { duration: 0, price: 0 });
  const set = (name: 'serviceIds' | 'bookingDate' | 'bookingTime', value: string | string[]) =>
    form.setValue(name, value, { shouldValidate: isSubmitted });

  const toggleService = (id: string) => {
    // Another set of services takes another length of time: the chosen time may no longer fit. A
    // time picked on the calendar stays (the server says if the services do not fit there).
    if (time !== prefill?.time) set('bookingTime', '');
    set('serviceIds', serviceIds.includes(id) ? serviceIds.filter((x) => x !== id) : [...serviceIds, id]);
  };

  const book = form.handleSubmit(
    ({ staffId: chosenStaff, ...rest }) => create.mutate(chosenStaff ? { ...rest, staffId: chosenStaff } : rest),
    refused,
  );
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!form.getValues('bookingDate')) form.setValue('bookingDate', date);
    return book();
  };

  const timeError = (errors.bookingDate ?? errors.bookingTime)?.message;

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title="Book a slot"
      description="Book a free time for a customer on the phone or at the counter."
      testId="desk-booking-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="desk-booking-form" loading={create.isPending} data-testid="desk-booking-submit">
            Book slot
          </Button>
        </>
      }
    >
      <form id="desk-booking-form" ref={formRef} noValidate onSubmit={submit} className="min-w-0 space-y-6">
        <section aria-labelledby="desk-customer-heading" className="space-y-4">
          <h3 id="desk-customer-heading" className="text-sm font-semibold text-ink-900">
            Customer
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              id="desk-name"
              label="Name"
              {...form.register('name')}
              error={errors.name?.message}
              required
              autoComplete="off"
              containerClassName="sm:col-span-2"
            />
            <Input
              id="desk-mobile"
              label="Mobile number"
              inputMode="numeric"
              maxLength={10}
              {...digitsOnly(form.register('mobile'))}
              error={errors.mobile?.message}
              required
              autoComplete="off"
            />
            <Input
              id="desk-email"
              label="Email"
              type="email"
              {...form.register('email')}
              error={errors.email?.message}
              hint="Their booking and reminders go here."
              required
              autoComplete="off"
            />
          </div>
        </section>

        <fieldset className="min-w-0" aria-describedby={errors.serviceIds ? 'desk-services-error' : undefined}>
          <legend className="mb-2 flex w-full items-baseline justify-between gap-3 text-sm font-semibold text-ink-900">
            <span>
              Services
              <span aria-hidden="true" className="ml-0.5 text-rose-600">
                *
              </span>
            </span>
            {chosen.length > 0 && (
              <span className="text-xs font-normal text-ink-500" data-testid="desk-services-total">
                {chosen.length} selected · {formatDuration(totals.duration)} ·{' '}
                <span className="font-semibold text-ink-900">{formatINR(totals.price)}</span>
              </span>
            )}
          </legend>
          {servicesQuery.isPending ? (
            <div className="space-y-2">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-12" />
              ))}
            </div>
          ) : servicesQuery.isError ? (
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
              {errorMessage(servicesQuery.error, 'Could not load the services. Please try again.')}
            </p>
          ) : services.length === 0 ? (
            <p className="rounded-xl bg-blush-50 px-4 py-3 text-sm text-ink-500">Add a service in Services &amp; Pricing to book a slot.</p>
          ) : (
            <ul
              className={cn(
                'max-h-64 divide-y divide-blush-100 overflow-y-auto rounded-2xl border',
                errors.serviceIds ? 'border-red-400' : 'border-blush-200',
              )}
              data-testid="desk-services"
            >
              {services.map((s) => {
                const checked = serviceIds.includes(s._id);
                return (
                  <li key={s._id}>
                    <label
                      className={cn(
                        'flex cursor-pointer items-center gap-3 px-3.5 py-2.5 transition-colors',
                        checked ? 'bg-plum-50' : 'hover:bg-blush-50',
                      )}
                    >
                      <input
                        type="checkbox"
                        checked={checked}
                        onChange={() => toggleService(s._id)}
                        className="size-4.5 shrink-0 rounded border-blush-300 accent-plum-700"
                        data-testid="desk-service"
                        data-service-id={s._id}
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm font-medium break-words text-ink-900">{s.name}</span>
                        <span className="block text-xs text-ink-500">
                          {formatDuration(s.duration)}
                          {s.categoryName ? ` · ${s.categoryName}` : ''}
                        </span>
                      </span>
                      <span className="shrink-0 text-right text-sm font-semibold text-ink-900">
                        {formatINR(s.finalPrice)}
                        {s.finalPrice < s.price && (
                          <span className="block text-xs font-normal text-ink-400 line-through">{formatINR(s.price)}</span>
                        )}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {errors.serviceIds && (
            <p id="desk-services-error" role="alert" className="mt-1.5 text-xs font-medium text-red-600">
              {errors.serviceIds.message}
            </p>
          )}
        </fieldset>

        <Select
          id="desk-staff"
          label="Professional"
          {...form.register('staffId', { onChange: () => set('bookingTime', '') })}
          options={[{ value: ANY, label: 'Any professional' }, ...staff.map((s) => ({ value: s._id, label: `${s.name} · ${s.role}` }))]}
          error={errors.staffId?.message}
          hint={staffId ? undefined : 'Whoever is free at the chosen time.'}
          data-testid="desk-staff"
        />

        <section aria-labelledby="desk-when-heading" className="min-w-0">
          <h3 id="desk-when-heading" className="mb-3 text-sm font-semibold text-ink-900">
            Date &amp; time <span className="font-normal text-ink-500">· salon time ({timeZone})</span>
          </h3>
          <SlotPicker
            merchantId={merchantId}
            serviceIds={serviceIds}
            staffId={staffId || null}
            timeZone={timeZone}
            openingHours={openingHours}
            date={date}
            time={time || null}
            onDate={(d) => {
              set('bookingTime', '');
              set('bookingDate', d);
            }}
            onTime={(t) => set('bookingTime', t)}
            idPrefix="desk"
          />
          {prefill && time === prefill.time && (
            <p className="mt-2 text-xs text-ink-600" data-testid="desk-prefill">
              Picked on the calendar: {time} on {longDate(date)}.
            </p>
          )}
          {timeError && (
            <p role="alert" className="mt-2 text-xs font-medium text-red-600" data-testid="desk-time-error">
              {timeError}
            </p>
          )}
        </section>
        {errors.root?.server && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="desk-booking-error">
            {errors.root.server.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
