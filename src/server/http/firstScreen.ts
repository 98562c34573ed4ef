import type { IncomingMessage } from 'node:http';
import { createServerSideHelpers } from '@trpc/react-query/server';
import { LIST_PAGE_SIZE, queryToFilters, toSearchInput } from '../../shared/searchFilters.js';
import type { AppRouter } from '../routers/index.js';
import type { Context } from '../trpc/context.js';

/*
 * The first screen's data, sent with the page. A salon page and a results page cannot draw their
 * content (the cover photo, the first results: the page's largest paint) until the script has
 * asked for it and the answer is back, a round trip after the script ran. The server answers that
 * question with the page instead: it runs the very query the page will make, as a visitor, and the
 * HTML carries the answer as react-query's dehydrated state, under the keys the client's
 * `trpc.…useQuery` looks up. The client takes it only when nobody is signed in (a signed-in
 * customer's answer can differ); if the page asks anything else (a stored position changes the
 * search), the key does not match and the client fetches as before.
 */

export type FirstScreenData = (req: IncomingMessage, pattern: string, params: Record<string, string>, search: string) => Promise<unknown>;

/** A visitor's context for the request (never the caller's bearer token: the answer is a visitor's). */
export function firstScreenData(router: AppRouter, createContext: (opts: { req: IncomingMessage }) => Promise<Context>): FirstScreenData {
  return async (req, pattern, params, search) => {
    if (pattern !== '/salon/:id' && pattern !== '/salons' && pattern !== '/s/:slug') return null;
    const ctx = await createContext({ req: withoutCredentials(req) });
    const helpers = createServerSideHelpers({ router, ctx });
    if (pattern === '/s/:slug') {
      // The salon's own link: which salon it is (with its channel token), then that salon's page.
      const slug = (params.slug ?? '').toLowerCase();
      const link = await helpers.merchants.salonLink.fetch({ slug }).catch(() => null);
      if (!link) return null;
      await helpers.merchants.getMerchantById.prefetch({ id: link.data.merchantId });
    } else if (pattern === '/salon/:id') {
      // The client asks only for well-formed ids (SalonDetails); anything else it shows as not found.
      if (!/^[0-9a-f-]{36}$/i.test(params.id ?? '')) return null;
      await helpers.merchants.getMerchantById.prefetch({ id: params.id });
    } else {
      const { filters, page } = queryToFilters(search);
      // The client adds the position it stored on an earlier visit; the server cannot know it.
      await helpers.merchants.search.prefetch(toSearchInput(filters, page, LIST_PAGE_SIZE, null));
    }
    const state = helpers.dehydrate();
    return state.queries.length ? state : null;
  };
}

/** The request as a visitor's: its headers less the Authorization one. */
function withoutCredentials(req: IncomingMessage): IncomingMessage {
  if (!req.headers.authorization) return req;
  const headers = { ...req.headers };
  delete headers.authorization;
  return Object.assign(Object.create(req) as IncomingMessage, { headers });
}
