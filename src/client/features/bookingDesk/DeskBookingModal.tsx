import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { deskBookingInput, type BookingWire } from '../../../shared/schemas/bookings';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/Toast';
import { cn } from '../../lib/cn';
import { longDate } from '../../lib/dates';
import { errorField, errorMessage, httpStatusOf, useTRPC } from '../../trpc';
import { fieldErrorsOf, type FieldErrors } from '../auth/formErrors';
import { formatDuration, formatINR, salonToday } from '../booking/format';
import { SlotPicker } from '../booking/SlotPicker';
import { customerName, serviceNames } from './DeskModals';

type Field = 'name' | 'mobile' | 'email' | 'serviceIds' | 'staffId' | 'bookingDate' | 'bookingTime';
const FIELDS: readonly Field[] = ['name', 'mobile', 'email', 'serviceIds', 'staffId', 'bookingDate', 'bookingTime'];
const isField = (value: string | undefined): value is Field => FIELDS.includes(value as Field);

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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = { merchantId };
  const shopQuery = useQuery(trpc.merchants.getShop.queryOptions(scope));
  const servicesQuery = useQuery(trpc.services.getAllServices.queryOptions(scope));
  const staffQuery = useQuery(trpc.merchants.getAllStaffByMerchant.queryOptions(scope));
  const create = useMutation(trpc.merchants.createSlot.mutationOptions());

  const timeZone = shopQuery.data?.shop.timeZone ?? FALLBACK_ZONE;
  const openingHours = shopQuery.data?.shop.openingHours;
  const services = useMemo(() => (servicesQuery.data?.services ?? []).filter((s) => s.active), [servicesQuery.data]);
  const staff = useMemo(() => (staffQuery.data?.staff ?? []).filter((s) => s.status === 'Active'), [staffQuery.data]);

  const [contact, setContact] = useState({ name: '', mobile: '', email: '' });
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [staffId, setStaffId] = useState(prefill?.staffId ?? ANY);
  const [pickedDate, setPickedDate] = useState<string | null>(prefill?.date ?? null);
  const [time, setTime] = useState<string | null>(prefill?.time ?? null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** Bumped on every refused submit, so the first message is brought into view even when it is unchanged. */
  const [attempt, setAttempt] = useState(0);

  // The form is longer than the screen: bring the first message into view (and its field into focus).
  useEffect(() => {
    if (!attempt) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!first) return;
    first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    if (first.matches('input, select')) first.focus({ preventScroll: true });
  }, [attempt]);

  // The desk mostly books for today; any other day is one tap away.
  const date = pickedDate ?? salonToday(timeZone);
  const chosen = services.filter((s) => serviceIds.includes(s._id));
  const totals = chosen.reduce((t, s) => ({ duration: t.duration + s.duration, price: t.price + s.finalPrice }), { duration: 0, price: 0 });

  const clear = (...fields: Field[]) => {
    if (fields.some((f) => errors[f])) setErrors((e) => ({ ...e, ...Object.fromEntries(fields.map((f) => [f, undefined])) }));
  };
  const setText = (field: 'name' | 'mobile' | 'email') => (value: string) => {
    setContact((c) => ({ ...c, [field]: value }));
    clear(field);
  };
  const toggleService = (id: string) => {
    setServiceIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
    // Another set of services takes another length of time: the chosen time may no longer fit. A
    // time picked on the calendar stays (the server says if the services do not fit there).
    if (time !== prefill?.time) setTime(null);
    clear('serviceIds', 'bookingTime');
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setFormError(null);
    const parsed = deskBookingInput.safeParse({
      merchantId,
      serviceIds,
      ...(staffId ? { staffId } : {}),
      bookingDate: date,
      bookingTime: time ?? '',
      ...contact,
    });
    const next: FieldErrors<Field> = parsed.success ? {} : fieldErrorsOf<Field>(parsed.error);
    if (!time) next.bookingTime = serviceIds.length ? 'Choose a time.' : 'Choose a service, then a time.';
    if (!parsed.success || Object.values(next).some(Boolean)) {
      setErrors(next);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    const { staffId: chosenStaff, ...rest } = parsed.data;
    try {
      const { data } = await create.mutateAsync(chosenStaff ? { ...rest, staffId: chosenStaff } : rest);
      const booking = data.booking;
      toast.success(
        `Booked ${serviceNames(booking)} for ${customerName(booking)} on ${longDate(booking.bookingDate)} at ${booking.bookingTime}. ${booking.userDetails.email} gets an e-mail to confirm it.`,
      );
      // The time is taken now: pickers anywhere show it gone.
      void queryClient.invalidateQueries({ queryKey: trpc.users.getAvailableSlots.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.merchants.getSlots.queryKey() });
      onBooked(booking);
    } catch (err) {
      const message = errorMessage(err, 'Something went wrong while booking the slot. Please try again.');
      if (httpStatusOf(err) === 409) {
        // Someone took the time meanwhile: say so and show the times that are still free.
        setTime(null);
        setFormError(message);
        setAttempt((n) => n + 1);
        void queryClient.invalidateQueries({ queryKey: trpc.users.getAvailableSlots.queryKey() });
        return;
      }
      const field = errorField(err);
      if (isField(field)) setErrors({ [field]: message });
      else setFormError(message);
      setAttempt((n) => n + 1);
    }
  };

  const timeError = errors.bookingDate ?? errors.bookingTime;

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
          <Button onClick={() => submit()} loading={create.isPending} data-testid="desk-booking-submit">
            Book slot
          </Button>
        </>
      }
    >
      <form ref={formRef} noValidate onSubmit={submit} className="min-w-0 space-y-6">
        <section aria-labelledby="desk-customer-heading" className="space-y-4">
          <h3 id="desk-customer-heading" className="text-sm font-semibold text-ink-900">
            Customer
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              id="desk-name"
              label="Name"
              value={contact.name}
              onChange={(e) => setText('name')(e.target.value)}
              error={errors.name}
              required
              autoComplete="off"
              containerClassName="sm:col-span-2"
            />
            <Input
              id="desk-mobile"
              label="Mobile number"
              inputMode="numeric"
              maxLength={10}
              value={contact.mobile}
              onChange={(e) => setText('mobile')(e.target.value.replace(/\D/g, ''))}
              error={errors.mobile}
              required
              autoComplete="off"
            />
            <Input
              id="desk-email"
              label="Email"
              type="email"
              value={contact.email}
              onChange={(e) => setText('email')(e.target.value)}
              error={errors.email}
              hint="Their booking and reminders go here."
              required
              autoComplete="off"
            />
          </div>
        </section>

        <fieldset className="min-w-0" aria-describedby={errors.serviceIds ? 'desk-services-error' : undefined}>
          <legend className="mb-2 flex w-full items-baseline justify-between gap-3 text-sm font-semibold text-ink-900">
            <span>
              Services<span aria-hidden="true" className="ml-0.5 text-rose-600">*</span>
            </span>
            {chosen.length > 0 && (
              <span className="text-xs font-normal text-ink-500" data-testid="desk-services-total">
                {chosen.length} selected · {formatDuration(totals.duration)} · <span className="font-semibold text-ink-900">{formatINR(totals.price)}</span>
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
                    <label className={cn('flex cursor-pointer items-center gap-3 px-3.5 py-2.5 transition-colors', checked ? 'bg-plum-50' : 'hover:bg-blush-50')}>
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
                        {s.finalPrice < s.price && <span className="block text-xs font-normal text-ink-400 line-through">{formatINR(s.price)}</span>}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {errors.serviceIds && (
            <p id="desk-services-error" role="alert" className="mt-1.5 text-xs font-medium text-red-600">
              {errors.serviceIds}
            </p>
          )}
        </fieldset>

        <Select
          id="desk-staff"
          label="Professional"
          value={staffId}
          onChange={(e) => {
            setStaffId(e.target.value);
            setTime(null);
            clear('staffId', 'bookingTime');
          }}
          options={[{ value: ANY, label: 'Any professional' }, ...staff.map((s) => ({ value: s._id, label: `${s.name} · ${s.role}` }))]}
          error={errors.staffId}
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
            time={time}
            onDate={(d) => {
              setPickedDate(d);
              setTime(null);
              clear('bookingDate', 'bookingTime');
            }}
            onTime={(t) => {
              setTime(t);
              clear('bookingDate', 'bookingTime');
            }}
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
        {formError && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="desk-booking-error">
            {formError}
          </p>
        )}
        <button type="submit" className="hidden" aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}
