import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { WEEKDAYS } from '../../../shared/hours';
import { type StaffHoursClash, type StaffWire, staffHoursForm } from '../../../shared/schemas/staff';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { longDate } from '../../lib/dates';
import { trpc } from '../../trpc';
import { clashLine } from './HoursClashesDialog';

/** A week to start from when the member followed the shop's hours: Monday to Saturday, 9 to 6. */
const defaultWeek = () => WEEKDAYS.map((day, i) => ({ day, enabled: i < 6, start: '09:00', end: '18:00' }));

/** "Rutuja has 1 booking on a day off", "… 2 bookings outside their working hours", or both. */
export function clashHeading(staffName: string, clashes: StaffHoursClash[]): string {
  const who = staffName.trim().split(/\s+/)[0] || 'This staff member';
  const n = clashes.length;
  const offDays = clashes.filter((c) => c.reason === 'dayOff').length;
  const where =
    offDays === n
      ? n === 1
        ? 'on a day off'
        : 'on days off'
      : offDays === 0
        ? 'outside their working hours'
        : 'on days off or outside their working hours';
  return `${who} has ${n} booking${n === 1 ? '' : 's'} ${where}`;
}

const REASON_NOTE: Record<StaffHoursClash['reason'], string> = {
  dayOff: 'day off',
  outsideHours: 'outside working hours',
  salonClosed: 'salon closed',
};

/**
 * The hours were saved, but bookings still assigned to this member now fall on a day off or
 * outside their hours: each is listed so the owner can reassign or cancel it.
 */
function ClashWarning({
  staffName,
  clashes,
  appointmentsHref,
}: {
  staffName: string;
  clashes: StaffHoursClash[];
  appointmentsHref: string;
}) {
  const one = clashes.length === 1;
  const mixed = new Set(clashes.map((c) => c.reason)).size > 1;
  const appointments = (
    <Link href={appointmentsHref} className="font-semibold underline underline-offset-2">
      Appointments
    </Link>
  );
  return (
    <div
      role="alert"
      tabIndex={-1}
      data-testid="staff-hours-clashes"
      className="mb-3 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      <p className="font-semibold">Working hours saved. Some bookings need attention.</p>
      {one ? (
        <p className="mt-1" data-testid="staff-hours-clash-text">
          {clashHeading(staffName, clashes)}: {clashLine(clashes[0])}. Reassign or cancel it from {appointments}.
        </p>
      ) : (
        <div className="mt-1" data-testid="staff-hours-clash-text">
          <p>{clashHeading(staffName, clashes)}:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {clashes.map((c) => (
              <li key={c.bookingId} data-testid="staff-hours-clash">
                {clashLine(c)}
                {mixed ? ` (${REASON_NOTE[c.reason]})` : ''}
              </li>
            ))}
          </ul>
          <p className="mt-1">Reassign or cancel them from {appointments}.</p>
        </div>
      )}
    </div>
  );
}

export interface StaffHoursModalProps {
  onClose: () => void;
  merchantId: string | null;
  staff: StaffWire;
}

/**
 * Weekly working hours and days off; an empty week means the staff member follows the shop's
 * opening hours. Mounted while open: each opening starts from the member's saved hours.
 */
export function StaffHoursModal({ onClose, merchantId, staff }: StaffHoursModalProps) {
  const form = useZodForm(staffHoursForm, {
    defaultValues: {
      followShop: staff.workingHours.length === 0,
      workingHours: staff.workingHours.length === 7 ? staff.workingHours.map((d) => ({ ...d })) : defaultWeek(),
      daysOff: [...staff.daysOff],
    },
  });
  const { errors, isSubmitted } = form.formState;
  const [followShop, week, daysOff] = form.watch(['followShop', 'workingHours', 'daysOff']);
  /** The date picked in "Add a day off", not yet added to the list. */
  const [newDayOff, setNewDayOff] = useState('');
  /** Bookings the hours just saved leave uncovered; the modal stays open to list them. */
  const [clashes, setClashes] = useState<StaffHoursClash[]>([]);
  const warningRef = useRef<HTMLDivElement>(null);
  const save = trpc.merchants.updateStaffHours.useMutation({
    meta: {
      // Saved, but not "all good" while bookings are left uncovered: the modal lists them instead.
      successToast: (answer: { clashes?: StaffHoursClash[] }) => (answer.clashes?.length ? null : 'Working hours updated successfully.'),
      invalidates: ['merchants.getAllStaffByMerchant'],
    },
    onSuccess: (answer) => {
      const uncovered = answer.clashes ?? [];
      if (uncovered.length > 0) setClashes(uncovered);
      else onClose();
    },
    onError: serverErrorsTo(form, 'Failed to update working hours. Please try again.'),
  });
  // An admin manages a salon through ?merchantId=; the link to its appointments keeps it.
  const actingFor = new URLSearchParams(useSearch()).get('merchantId');
  const appointmentsHref = actingFor ? `/merchant/appointments?merchantId=${encodeURIComponent(actingFor)}` : '/merchant/appointments';

  useEffect(() => {
    if (clashes.length > 0) warningRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus();
  }, [clashes]);

  const setDaysOff = (list: string[]) => form.setValue('daysOff', list, { shouldDirty: true, shouldValidate: isSubmitted });
  const addDayOff = () => {
    if (!newDayOff) return;
    setDaysOff([...new Set([...daysOff, newDayOff])].sort());
    setNewDayOff('');
  };

  const onSave = form.handleSubmit((hours) => {
    setClashes([]);
    save.mutate({ merchantId: merchantId ?? undefined, staffId: staff._id, ...hours });
  });
  const weekError = errors.workingHours?.message ?? errors.workingHours?.root?.message;
  // The list as a whole (too many days), or the first date in it that is wrong.
  const daysOffError = errors.daysOff?.message ?? errors.daysOff?.root?.message ?? errors.daysOff?.find?.(Boolean)?.message;

  return (
    <Modal
      open
      onClose={onClose}
      title={`Working Hours – ${staff.name}`}
      size="lg"
      testId="staff-hours-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={save.isPending} data-testid="staff-hours-close">
            {clashes.length > 0 ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" form="staff-hours-form" loading={save.isPending} loadingText="Saving..." data-testid="staff-hours-save">
            Save Hours
          </Button>
        </>
      }
    >
      <form id="staff-hours-form" noValidate onSubmit={onSave}>
        <FormError message={errors.root?.server?.message} className="mb-3" testId="staff-hours-error" />
        {clashes.length > 0 && (
          <div ref={warningRef}>
            <ClashWarning staffName={staff.name} clashes={clashes} appointmentsHref={appointmentsHref} />
          </div>
        )}
        <Checkbox
          id="staff-follow-shop"
          label="Works the shop's opening hours"
          description="Turn off to set this staff member's own weekly hours."
          {...form.register('followShop')}
        />
        {!followShop && (
          <>
            <FormError message={weekError} className="mt-4" testId="staff-hours-week-error" />
            <ul className="mt-4 divide-y divide-blush-100 rounded-xl border border-blush-200">
              {week.map((d, i) => (
                <li key={d.day} className="grid grid-cols-[1fr_auto] items-center gap-2 px-3 py-2 sm:grid-cols-[9rem_1fr_1fr]">
                  <Checkbox id={`staff-day-${d.day}`} label={d.day} {...form.register(`workingHours.${i}.enabled`)} />
                  <div className="col-span-2 grid grid-cols-2 gap-2 sm:col-span-2">
                    <Input
                      id={`staff-day-${d.day}-start`}
                      label={`${d.day} start`}
                      hideLabel
                      type="time"
                      {...form.register(`workingHours.${i}.start`)}
                      disabled={!d.enabled}
                      error={errors.workingHours?.[i]?.start?.message}
                    />
                    <Input
                      id={`staff-day-${d.day}-end`}
                      label={`${d.day} end`}
                      hideLabel
                      type="time"
                      {...form.register(`workingHours.${i}.end`)}
                      disabled={!d.enabled}
                      error={errors.workingHours?.[i]?.end?.message}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
        <section className="mt-6" aria-labelledby="days-off-heading">
          <h3 id="days-off-heading" className="mb-2 text-sm font-semibold text-ink-900">
            Days off
          </h3>
          <div className="flex items-end gap-2">
            <Input
              id="staff-day-off"
              label="Add a day off"
              type="date"
              value={newDayOff}
              onChange={(e) => setNewDayOff(e.target.value)}
              error={daysOffError}
              containerClassName="flex-1"
            />
            <Button variant="secondary" onClick={addDayOff} disabled={!newDayOff}>
              Add
            </Button>
          </div>
          {daysOff.length === 0 ? (
            <p className="mt-2 text-sm text-ink-500">No days off planned.</p>
          ) : (
            <ul className="mt-3 flex flex-wrap gap-2">
              {daysOff.map((d) => (
                <li key={d} className="inline-flex items-center gap-1 rounded-full bg-blush-100 py-1 pr-1 pl-3 text-sm text-ink-700">
                  {longDate(d)}
                  <button
                    type="button"
                    className="rounded-full px-1.5 text-ink-500 hover:bg-blush-200"
                    aria-label={`Remove ${longDate(d)}`}
                    onClick={() => setDaysOff(daysOff.filter((x) => x !== d))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </form>
    </Modal>
  );
}
