import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * A horizontal bar chart of one figure per row (a service's sales, a professional's occupancy).
 * The table beside it carries the same numbers for screen readers and keyboards, so the picture
 * is named by a summary and its own keyboard layer is left off.
 */
export function BarsChart({
  rows,
  format,
  label,
  testId,
  max,
}: {
  rows: { name: string; value: number }[];
  format: (n: number) => string;
  label: string;
  testId: string;
  max?: number;
}) {
  const height = Math.max(120, rows.length * 36 + 40);
  return (
    <figure role="img" aria-label={label} className="w-full" style={{ height }} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} stroke="#f1e4ea" />
          <XAxis type="number" tickFormatter={format} domain={max ? [0, max] : [0, 'auto']} tick={{ fontSize: 11, fill: '#5b4d56' }} />
          <YAxis type="category" dataKey="name" width={96} tick={{ fontSize: 11, fill: '#2d2229' }} interval={0} />
          <Tooltip formatter={(v) => format(Number(v))} cursor={{ fill: '#fbf3f8' }} />
          <Bar dataKey="value" fill="#8e3b6c" radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
