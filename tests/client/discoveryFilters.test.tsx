import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DISTANCE_KM } from '../../src/client/features/discovery/constants';
import {
  countActiveFilters,
  EMPTY_FILTERS,
  filtersToQuery,
  queryToFilters,
  resetPanelFilters,
  type SearchFilters,
  toSearchInput,
} from '../../src/shared/searchFilters';

// The panel only needs the category list; the real client module pulls in the whole app.
vi.mock('../../src/client/trpc', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return {
    trpc: {
      categories: {
        listCategories: {
          useQuery: (_input: unknown, opts: object) => useQuery({ queryKey: ['categories'], queryFn: async () => [], ...opts }),
        },
      },
    },
  };
});

const { default: FiltersPanel } = await import('../../src/client/features/discovery/FiltersPanel');

afterEach(cleanup);

const withDistance = (maxDistance: number | null): SearchFilters => ({ ...EMPTY_FILTERS, maxDistance });
const sent = (f: SearchFilters) => toSearchInput(f, 1, 12, null).maxDistance;

describe('distance filter state', () => {
  it('defaults to no limit: nothing in the URL, nothing sent, not counted', () => {
    expect(EMPTY_FILTERS.maxDistance).toBeNull();
    expect(filtersToQuery(EMPTY_FILTERS)).toBe('');
    expect(sent(EMPTY_FILTERS)).toBeUndefined();
    expect(countActiveFilters(EMPTY_FILTERS)).toBe(0);
  });

  it('treats 9, 10 and 11 km alike: each is a limit that is sent and counted', () => {
    for (const km of [9, DEFAULT_DISTANCE_KM, 11]) {
      const f = withDistance(km);
      expect(sent(f)).toBe(km);
      expect(filtersToQuery(f)).toBe(`maxDistance=${km}`);
      expect(countActiveFilters(f)).toBe(1);
      expect(queryToFilters(filtersToQuery(f)).filters.maxDistance).toBe(km);
    }
  });

  it('reads any positive maxDistance from the URL as a limit, and anything else as no limit', () => {
    expect(queryToFilters('maxDistance=10').filters.maxDistance).toBe(10);
    expect(queryToFilters('maxDistance=2.5').filters.maxDistance).toBe(2.5);
    expect(queryToFilters('maxDistance=0').filters.maxDistance).toBeNull();
    expect(queryToFilters('maxDistance=-3').filters.maxDistance).toBeNull();
    expect(queryToFilters('maxDistance=far').filters.maxDistance).toBeNull();
    expect(queryToFilters('').filters.maxDistance).toBeNull();
  });

  it('Reset returns to no limit', () => {
    expect(resetPanelFilters(withDistance(10)).maxDistance).toBeNull();
  });
});

function Harness({ initial, onApply }: { initial: SearchFilters; onApply: (f: SearchFilters) => void }) {
  const [value] = useState(initial);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <FiltersPanel open value={value} onClose={() => undefined} onApply={onApply} />
    </QueryClientProvider>
  );
}

const slider = () => screen.getByLabelText('Maximum distance in kilometres') as HTMLInputElement;
const label = () => screen.getByTestId('distance-label').textContent;
const slide = (km: number) => act(() => fireEvent.change(slider(), { target: { value: String(km) } }));
const apply = () => act(() => fireEvent.click(screen.getByTestId('filters-apply')));

describe('FiltersPanel distance slider', () => {
  it('rests at the default with "Any distance", then limits at 9, 10 and 11 km', () => {
    const onApply = vi.fn();
    render(<Harness initial={EMPTY_FILTERS} onApply={onApply} />);
    expect(slider().value).toBe(String(DEFAULT_DISTANCE_KM));
    expect(label()).toBe('Any distance');
    expect(screen.queryByTestId('distance-any')).toBeNull();

    for (const km of [9, 10, 11, 10]) {
      slide(km);
      expect(label()).toBe(`Within ${km} km`);
      apply();
      expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ maxDistance: km }));
    }
  });

  it('"Any distance" and Reset clear the limit', () => {
    const onApply = vi.fn();
    render(<Harness initial={withDistance(10)} onApply={onApply} />);
    expect(label()).toBe('Within 10 km');
    act(() => fireEvent.click(screen.getByTestId('distance-any')));
    expect(label()).toBe('Any distance');
    expect(slider().value).toBe(String(DEFAULT_DISTANCE_KM));
    apply();
    expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ maxDistance: null }));

    slide(25);
    expect(label()).toBe('Within 25 km');
    act(() => fireEvent.click(screen.getByTestId('filters-reset')));
    expect(label()).toBe('Any distance');
  });
});
