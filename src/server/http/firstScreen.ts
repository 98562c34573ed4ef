import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServerSideHelpers } from '@trpc/react-query/server';
import { HOME_LIST_SIZE } from '../../shared/pageData.js';
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
    if (pattern !== '/' && pattern !== '/salon/:id' && pattern !== '/salons' && pattern !== '/s/:slug') return null;
    const ctx = await createContext({ req: withoutCredentials(req) });
    const helpers = createServerSideHelpers({ router, ctx });
    if (pattern === '/') {
      // The rows of HomeSections as a visitor without a stored position asks for them (the nearby
      // row waits for a place, so it is not asked).
      await Promise.all([
        helpers.users.getTrendingServices.prefetch({}),
        helpers.users.getSpecialOffers.prefetch({}),
        helpers.users.getRecommended.prefetch({ limit: HOME_LIST_SIZE }),
        helpers.users.getSponsoredShops.prefetch({}),
        helpers.testimonials.getTestimonials.prefetch({}),
        helpers.categories.listCategories.prefetch({}),
        helpers.locations.getLocations.prefetch({}),
      ]);
    } else if (pattern === '/s/:slug') {
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

/** The app paths whose first screen the server renders with React (and the client hydrates). */
export const SERVER_RENDERED = new Set(['/', '/salons', '/salon/:id']);

/** React's render of the app at a URL, from a dehydrated query state (src/client/ssr.tsx). */
export type FirstScreenRenderer = (url: string, state: unknown) => Promise<string>;

/**
 * The server's render of the client, built by `vite build --ssr` beside the client's build
 * (dist/ssr/ssr.js next to dist/client). Loaded once, when the client is mounted, never with the
 * server's own modules; without it (a client build alone, a test's fixture) pages go out as before,
 * and the client renders them.
 */
export function loadFirstScreenRenderer(clientDir: string): Promise<FirstScreenRenderer | null> {
  const file = path.join(clientDir, '..', 'ssr', 'ssr.js');
  if (!fs.existsSync(file)) return Promise.resolve(null);
  return import(pathToFileURL(file).href)
    .then((m: { renderFirstScreen?: FirstScreenRenderer }) => {
      const render = m.renderFirstScreen ?? null;
      // A first render loads the pages' code: done now, not on a visitor's first request.
      void render?.('/', null).catch(() => undefined);
      return render;
    })
    .catch((err: unknown) => {
      console.error('[http] the server render could not be loaded', err);
      return null;
    });
}
