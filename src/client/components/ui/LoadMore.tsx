import type { PagingWire } from '../../../shared/schemas/paging';
import { Button } from './Button';

export interface LoadMoreProps {
  paging: PagingWire | undefined;
  /** How many rows are shown (every page loaded so far). */
  shown: number;
  /** What the rows are, plural ("transactions"). */
  noun: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  testId: string;
}

/** "Showing 20 of 45 transactions" and a Load more button that fetches the next page; nothing when one page holds them all. */
export function LoadMore({ paging, shown, noun, hasMore, loading, onLoadMore, testId }: LoadMoreProps) {
  if (!paging || (!hasMore && paging.page === 1)) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-2 text-sm text-ink-500" data-testid={testId}>
      <p aria-live="polite">
        Showing {shown} of {paging.total} {noun}
      </p>
      {hasMore && (
        <Button variant="outline" size="sm" loading={loading} loadingText="Loading…" onClick={onLoadMore} data-testid={`${testId}-more`}>
          Load more
        </Button>
      )}
    </div>
  );
}
