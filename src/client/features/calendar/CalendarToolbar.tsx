import type { CalendarAnswer } from '../../../shared/schemas/calendar';
import { addDays } from '../../../shared/slots';
import { ArrowLeftIcon, ChevronRightIcon } from '../../components/icons';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { cn } from '../../lib/cn';
import { longDate } from '../../lib/dates';
import type { Mode } from './useDeskCalendar';

/** Today / previous / next, the date, Day or Week (and whose week), the live dot, Block time; then the title. */
export function CalendarToolbar({
  mode,
  setMode,
  shown,
  setDate,
  weekStaff,
  setWeekStaff,
  professionals,
  liveStatus,
  zone,
  onBlockTime,
}: {
  mode: Mode;
  setMode: (m: Mode) => void;
  shown: string;
  setDate: (d: string | null) => void;
  weekStaff: string;
  setWeekStaff: (id: string) => void;
  professionals: CalendarAnswer['professionals'];
  liveStatus: string;
  zone: string;
  onBlockTime: () => void;
}) {
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => setDate(null)} data-testid="cal-today">
            Today
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={mode === 'week' ? 'Previous week' : 'Previous day'}
            onClick={() => setDate(addDays(shown, mode === 'week' ? -7 : -1))}
            data-testid="cal-prev"
          >
            <ArrowLeftIcon className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={mode === 'week' ? 'Next week' : 'Next day'}
            onClick={() => setDate(addDays(shown, mode === 'week' ? 7 : 1))}
            data-testid="cal-next"
          >
            <ChevronRightIcon className="size-4" />
          </Button>
        </div>
        <Input
          label="Date"
          hideLabel
          type="date"
          value={shown}
          onChange={(e) => e.target.value && setDate(e.target.value)}
          containerClassName="w-40"
          data-testid="cal-date"
        />
        <div role="group" aria-label="Calendar range" className="flex rounded-xl border border-blush-200 p-0.5">
          {(['day', 'week'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={cn(
                'rounded-lg px-3 py-1.5 text-sm font-medium',
                mode === m ? 'bg-plum-700 text-white' : 'text-ink-700 hover:bg-blush-50',
              )}
              data-testid={`cal-mode-${m}`}
            >
              {m === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
        {mode === 'week' && (
          <Select
            label="Professional"
            hideLabel
            value={weekStaff}
            onChange={(e) => setWeekStaff(e.target.value)}
            options={[{ value: '', label: 'All professionals' }, ...professionals.map((p) => ({ value: p._id, label: p.name }))]}
            containerClassName="w-48"
            data-testid="cal-week-staff"
          />
        )}
        <div className="ml-auto flex items-center gap-2">
          <span className="flex items-center gap-1.5 text-xs text-ink-500" data-testid="cal-live" data-status={liveStatus}>
            <span
              aria-hidden="true"
              className={cn(
                'size-2 rounded-full',
                liveStatus === 'pending' ? 'bg-emerald-500' : liveStatus === 'error' ? 'bg-red-500' : 'bg-amber-400',
              )}
            />
            {liveStatus === 'pending' ? 'Live' : liveStatus === 'error' ? 'Offline, retrying' : 'Connecting…'}
          </span>
          <Button size="sm" variant="outline" onClick={onBlockTime} data-testid="cal-block">
            Block time
          </Button>
        </div>
      </div>
      <p className="mb-2 text-sm font-semibold text-ink-900" data-testid="cal-title">
        {mode === 'day' ? longDate(shown) : `${longDate(shown)} – ${longDate(addDays(shown, 6))}`}
        <span className="ml-2 font-normal text-ink-500">· salon time ({zone})</span>
      </p>
    </>
  );
}
