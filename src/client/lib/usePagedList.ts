import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import type { PagingWire } from '../../shared/schemas/paging';

export interface PagedListOptions<TPage, TItem> {
  /**
   * The procedure's query key for its pages: `getQueryKey(trpc.users.getWallet, input, 'infinite')`.
   * It starts with the procedure's path, so a mutation that invalidates the path refreshes every page.
   */
  queryKey: QueryKey;
  /** One page of the list (`trpc.useUtils().client.users.getWallet.query({ ...input, page })`). */
  fetchPage: (page: number) => Promise<TPage>;
  /** Where the answer's `paging` is. */
  pagingOf: (page: TPage) => PagingWire;
  /** Where the answer's rows are. */
  itemsOf: (page: TPage) => TItem[];
  /** A row's id: a row added between two pages shifts the order, so each is shown once. */
  idOf: (item: TItem) => string;
  enabled?: boolean;
}

/**
 * A paged list (docs/api-clients.md "Paging") read a page at a time through react-query's
 * useInfiniteQuery: the rows of every page loaded so far, de-duplicated, and `loadMore` for the
 * next page while the server says `hasMore`. `first` is the first page's answer, for what it
 * carries beside the list (a balance, totals of the whole list).
 */
export function usePagedList<TPage, TItem>({ queryKey, fetchPage, pagingOf, itemsOf, idOf, enabled }: PagedListOptions<TPage, TItem>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const paging = pagingOf(last);
      return paging.hasMore ? paging.page + 1 : undefined;
    },
    enabled,
  });
  const pages = query.data?.pages ?? [];
  const seen = new Set<string>();
  const items = pages.flatMap(itemsOf).filter((item) => {
    const id = idOf(item);
    return !seen.has(id) && Boolean(seen.add(id));
  });
  const last = pages[pages.length - 1];
  return {
    query,
    first: pages[0],
    items,
    /** The latest page's paging: `total` is the whole list's. */
    paging: last ? pagingOf(last) : undefined,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}
