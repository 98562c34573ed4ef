import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../trpc';
import { formatCount } from './format';

/**
 * A card holding a table that scrolls sideways on narrow screens instead of squashing its columns.
 * The scroll box is positioned so the table's sr-only labels (absolutely positioned) are clipped by
 * it: otherwise their containing block is the page, and a label at the far end of a wide table
 * widened the whole page on a phone. `min-w-0` lets the card shrink inside grid and flex parents.
 * The scroll box is a named, focusable region so a keyboard can scroll it (axe scrollable-region-focusable).
 */
export function TableCard({
  children,
  testId,
  caption,
  className,
  minWidth = 640,
}: {
  children: ReactNode;
  testId?: string;
  caption?: string;
  className?: string;
  minWidth?: number;
}) {
  return (
    <Card padded={false} className={cn('min-w-0 overflow-hidden', className)}>
      {/* A scroll box a keyboard can reach (Tab, then the arrow keys), named for screen readers. */}
      <div
        className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500"
        tabIndex={0}
        role="region"
        aria-label={caption ? `${caption} (scrolls sideways)` : 'Table (scrolls sideways)'}
      >
        <table className="w-full border-collapse text-left text-sm" style={{ minWidth }} data-testid={testId}>
          {caption && <caption className="sr-only">{caption}</caption>}
          {children}
        </table>
      </div>
    </Card>
  );
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b border-blush-200 bg-blush-50/70 px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-ink-500 uppercase',
        className,
      )}
      {...rest}
    />
  );
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('border-b border-blush-100 px-4 py-3 align-top text-ink-700', className)} {...rest} />;
}

/** Loading, error and empty states around a list query; renders children only when there is data. */
export function QueryState({
  query,
  isEmpty,
  emptyTitle,
  emptyDescription,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  isEmpty: boolean;
  emptyTitle: string;
  emptyDescription?: ReactNode;
  children: ReactNode;
}) {
  if (query.isLoading) {
    return (
      <Card className="space-y-3" aria-busy="true">
        <span className="sr-only" role="status">
          Loading
        </span>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </Card>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title="Could not load this list"
        description={errorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={query.refetch}
      />
    );
  }
  if (isEmpty) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return <>{children}</>;
}

export function Pagination({ page, limit, total, onPage }: { page: number; limit: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (total === 0) return null;
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-500" data-testid="pagination">
      <p>
        {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span aria-live="polite">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}

/** A row of filter controls that wraps on small screens. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</div>;
}
