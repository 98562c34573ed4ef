import { type PointerEvent, useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { formatShortDay } from './format';

export interface TrendPoint {
  date: string;
  value: number;
}

export interface TrendChartProps {
  points: TrendPoint[];
  /** What the numbers are, for the accessible summary and the tooltip ("Bookings"). */
  label: string;
  kind?: 'line' | 'bar';
  formatValue?: (n: number) => string;
  height?: number;
  className?: string;
  testId?: string;
}

/** Rounds up to 1, 2, 2.5 or 5 times a power of ten, so the top grid line reads as a round number. */
function niceCeil(n: number): number {
  if (n <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= n) ?? 10;
  return step * power;
}

// The plot is drawn in a 100×100 box stretched to the container, so it fills any width while
// labels stay in HTML at their real size (a uniformly scaled SVG would shrink them on phones).
const W = 100;
const H = 100;

/**
 * A small hand-drawn trend chart (no chart library: the admin bundle stays light). Hover or
 * touch shows the day's value; the newest value shows otherwise.
 */
export function TrendChart({ points, label, kind = 'line', formatValue = String, height = 160, className, testId }: TrendChartProps) {
  const [hover, setHover] = useState<number | null>(null);
  const gradientId = useId();
  const n = points.length;
  const max = niceCeil(Math.max(0, ...points.map((p) => p.value)));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const shown = hover ?? n - 1;
  const current = n > 0 ? points[shown] : undefined;

  const x = (i: number) => (n <= 1 ? W / 2 : (i / (n - 1)) * W);
  const y = (v: number) => H - (v / max) * H;
  const slot = n > 0 ? W / n : W;

  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    if (n === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const ratio = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    setHover(kind === 'bar' ? Math.min(n - 1, Math.floor(ratio * n)) : Math.round(ratio * (n - 1)));
  };

  const markerLeft = current ? (kind === 'bar' ? (shown + 0.5) * slot : x(shown)) : 0;
  const line = points.map((p, i) => `${x(i).toFixed(2)},${y(p.value).toFixed(2)}`).join(' ');
  const summary =
    n > 0
      ? `${label} over ${n} days from ${formatShortDay(points[0].date)} to ${formatShortDay(points[n - 1].date)}: total ${formatValue(total)}, highest ${formatValue(Math.max(...points.map((p) => p.value)))}.`
      : `${label}: no data.`;

  return (
    <figure className={cn('w-full', className)} data-testid={testId}>
      <figcaption className="mb-2 flex items-baseline justify-between gap-3 text-sm">
        <span className="text-ink-500">{current ? formatShortDay(current.date) : '—'}</span>
        <span className="font-semibold text-ink-900" data-testid={testId ? `${testId}-value` : undefined}>
          {current ? formatValue(current.value) : '—'}
        </span>
      </figcaption>
      <div className="flex gap-2">
        <div
          className="flex flex-col justify-between py-0 text-right text-[11px] leading-none text-ink-400"
          style={{ height }}
          aria-hidden="true"
        >
          <span>{formatValue(max)}</span>
          <span>{formatValue(max / 2)}</span>
          <span>{formatValue(0)}</span>
        </div>
        <div className="min-w-0 flex-1">
          <div
            className="relative touch-pan-y"
            style={{ height }}
            onPointerMove={onMove}
            onPointerDown={onMove}
            onPointerLeave={() => setHover(null)}
            role="img"
            aria-label={summary}
          >
            <svg
              viewBox={`0 0 ${W} ${H}`}
              preserveAspectRatio="none"
              className="absolute inset-0 size-full overflow-visible"
              aria-hidden="true"
            >
              <defs>
                <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
                  <stop offset="0%" stopColor="currentColor" stopOpacity="0.22" />
                  <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
                </linearGradient>
              </defs>
              {[0, 0.5, 1].map((f) => (
                <line
                  key={f}
                  x1="0"
                  x2={W}
                  y1={H * f}
                  y2={H * f}
                  className="stroke-blush-200"
                  strokeWidth="1"
                  vectorEffect="non-scaling-stroke"
                  strokeDasharray={f === 1 ? undefined : '3 3'}
                />
              ))}
              {kind === 'bar' ? (
                points.map((p, i) => {
                  const barH = (p.value / max) * H;
                  return (
                    <rect
                      key={p.date}
                      x={i * slot + slot * 0.15}
                      width={slot * 0.7}
                      y={H - barH}
                      height={barH}
                      className={cn('text-plum-600', i === shown ? 'fill-plum-700' : 'fill-plum-400/70')}
                    />
                  );
                })
              ) : (
                <g className="text-plum-600">
                  {n > 1 && <polygon points={`0,${H} ${line} ${W},${H}`} fill={`url(#${gradientId})`} />}
                  <polyline
                    points={line}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinejoin="round"
                    strokeLinecap="round"
                    vectorEffect="non-scaling-stroke"
                  />
                </g>
              )}
            </svg>
            {current && (
              <>
                <span
                  className="pointer-events-none absolute inset-y-0 w-px bg-plum-300"
                  style={{ left: `${markerLeft}%` }}
                  aria-hidden="true"
                />
                {kind === 'line' && (
                  <span
                    className="pointer-events-none absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-plum-700 shadow"
                    style={{ left: `${markerLeft}%`, top: `${y(current.value)}%` }}
                    aria-hidden="true"
                  />
                )}
              </>
            )}
          </div>
          {n > 0 && (
            <div className="mt-1.5 flex justify-between text-[11px] text-ink-400" aria-hidden="true">
              <span>{formatShortDay(points[0].date)}</span>
              {n > 2 && <span>{formatShortDay(points[Math.floor((n - 1) / 2)].date)}</span>}
              <span>{formatShortDay(points[n - 1].date)}</span>
            </div>
          )}
        </div>
      </div>
    </figure>
  );
}
