import type { ReactNode } from 'react';
import { Card } from '../../components/ui/Card';

export function StatCard({
  label,
  value,
  hint,
  icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="flex items-start gap-3" data-testid={testId}>
      {icon && (
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-plum-50 text-plum-700 sm:flex">{icon}</span>
      )}
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">{label}</p>
        <p className="mt-1 text-xl font-bold break-words text-ink-900 sm:text-2xl" data-testid={testId ? `${testId}-value` : undefined}>
          {value}
        </p>
        {hint && <p className="mt-0.5 text-xs text-ink-500">{hint}</p>}
      </div>
    </Card>
  );
}
