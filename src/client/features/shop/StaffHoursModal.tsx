import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEEKDAYS } from '../../../shared/hours';
import { updateStaffHoursInput, type StaffWire } from '../../../shared/schemas/staff';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { toast } from '../../components/ui/Toast';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';
import { longDate } from '../../lib/dates';

interface Day {
  day: string;
  enabled: boolean;
  start: string;
  end: string;
}

const defaultWeek = (): Day[] => WEEKDAYS.map((day, i) => ({ day, enabled: i < 6, start: '09:00', end: '18:00' }));

export interface StaffHoursModalProps {
  open: boolean;
  onClose: () => void;
  merchantId: string | null;
  staff: StaffWire | null;
}

/** Weekly working hours and days off; an empty week means the staff member follows the shop's opening hours. */
export function StaffHoursModal({ open, onClose, merchantId, staff }: StaffHoursModalProps) {
  const [followShop, setFollowShop] = useState(true);
  const [week, setWeek] = useState<Day[]>(defaultWeek);
  const [daysOff, setDaysOff] = useState<string[]>([]);
  const [newDayOff, setNewDayOff] = useState('');
  const [error, setError] = useState<string | null>(null);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.merchants.updateStaffHours.mutationOptions());

  useEffect(() => {
    if (!open || !staff) return;
    setFollowShop(staff.workingHours.length === 0);
    setWeek(staff.workingHours.length === 7 ? staff.workingHours.map((d) => ({ ...d })) : defaultWeek());
    setDaysOff([...staff.daysOff]);
    setNewDayOff('');
    setError(null);
  }, [open, staff]);

  const setDay = (index: number, patch: Partial<Day>) => setWeek((w) => w.map((d, i) => (i === index ? { ...d, ...patch } : d)));

  const addDayOff = () => {
    if (!newDayOff) return;
    setDaysOff((list) => [...new Set([...list, newDayOff])].sort());
    setNewDayOff('');
  };

  const onSave = async () => {
    if (!staff) return;
    const parsed = updateStaffHoursInput.safeParse({
      merchantId: merchantId ?? undefined,
      staffId: staff._id,
      workingHours: followShop ? [] : week,
      daysOff,
    });
    if (!parsed.success) {
      setError(readableMessage(parsed.error.issues[0].message));
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ merchantId: merchantId ?? undefined, staffId: staff._id, workingHours: followShop ? [] : week, daysOff });
      toast.success('Working hours updated successfully.');
      await queryClient.invalidateQueries({ queryKey: trpc.merchants.getAllStaffByMerchant.queryKey() });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Failed to update working hours. Please try again.'));
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Working Hours${staff ? ` – ${staff.name}` : ''}`}
      size="lg"
      testId="staff-hours-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button onClick={onSave} loading={save.isPending} loadingText="Saving..." data-testid="staff-hours-save">
            Save Hours
          </Button>
        </>
      }
    >
      {error && (
        <p role="alert" className="mb-3 rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Checkbox
        id="staff-follow-shop"
        label="Works the shop's opening hours"
        description="Turn off to set this staff member's own weekly hours."
        checked={followShop}
        onChange={(e) => setFollowShop(e.target.checked)}
      />
      {!followShop && (
        <ul className="mt-4 divide-y divide-blush-100 rounded-xl border border-blush-200">
          {week.map((d, i) => (
            <li key={d.day} className="grid grid-cols-[1fr_auto] items-center gap-2 px-3 py-2 sm:grid-cols-[9rem_1fr_1fr]">
              <Checkbox id={`staff-day-${d.day}`} label={d.day} checked={d.enabled} onChange={(e) => setDay(i, { enabled: e.target.checked })} />
              <div className="col-span-2 grid grid-cols-2 gap-2 sm:col-span-2">
                <Input id={`staff-day-${d.day}-start`} label={`${d.day} start`} hideLabel type="time" value={d.start} disabled={!d.enabled} onChange={(e) => setDay(i, { start: e.target.value })} />
                <Input id={`staff-day-${d.day}-end`} label={`${d.day} end`} hideLabel type="time" value={d.end} disabled={!d.enabled} onChange={(e) => setDay(i, { end: e.target.value })} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <section className="mt-6" aria-labelledby="days-off-heading">
        <h3 id="days-off-heading" className="mb-2 text-sm font-semibold text-ink-900">
          Days off
        </h3>
        <div className="flex items-end gap-2">
          <Input id="staff-day-off" label="Add a day off" type="date" value={newDayOff} onChange={(e) => setNewDayOff(e.target.value)} containerClassName="flex-1" />
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
                <button type="button" className="rounded-full px-1.5 text-ink-500 hover:bg-blush-200" aria-label={`Remove ${longDate(d)}`} onClick={() => setDaysOff((l) => l.filter((x) => x !== d))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Modal>
  );
}
