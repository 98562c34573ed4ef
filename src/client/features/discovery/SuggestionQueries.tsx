import type { inferRouterOutputs } from '@trpc/server';
import { useEffect } from 'react';
import { type AppRouter, trpc } from '../../trpc';

/*
 * The search fields' suggestion lists ask the server only once a field is used, so their queries live
 * here, loaded with the data layer (withData) when the field first wants them: the home page's search
 * form itself runs without React Query or tRPC. Each renders nothing and hands its answer up.
 */

type Outputs = inferRouterOutputs<AppRouter>;
export type Catalogue = Outputs['categories']['listCategories'];
export type Places = Outputs['geo']['search'];

/** The live catalogue (categories and their most offered services). */
export function CatalogueQuery({ onData }: { onData: (data: Catalogue) => void }) {
  const catalogue = trpc.categories.listCategories.useQuery({}, { staleTime: 10 * 60_000 });
  useEffect(() => {
    if (catalogue.data) onData(catalogue.data);
  }, [catalogue.data, onData]);
  return null;
}

/** Places matching `q` (the location field's suggestions); `success` once an answer for `q` is in. */
export function PlacesQuery({ q, onData }: { q: string; onData: (q: string, data: Places) => void }) {
  const places = trpc.geo.search.useQuery({ q, limit: 6 }, { staleTime: 10 * 60_000 });
  useEffect(() => {
    if (places.data) onData(q, places.data);
  }, [q, places.data, onData]);
  return null;
}
