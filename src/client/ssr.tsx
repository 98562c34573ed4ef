import { PassThrough } from 'node:stream';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './App';
import { AppProviders } from './providers';
import { preloadPage } from './routes';
import { createAppQueryClient } from './trpc';

/*
 * The server's render of a visitor's first screen (home, the results list, a salon page): the very
 * components the client hydrates, from the same dehydrated query answers the HTML carries
 * (src/server/http/firstScreen.ts), at the request's path. Built by `vite build --ssr` into
 * dist/ssr/ssr.js and imported by the server only when it mounts the client
 * (src/server/http/pages.ts), so nothing browser-only is loaded with the server itself.
 * `prerenderToNodeStream` waits for every lazy part (the page's chunk, the home page's sections), so
 * the HTML holds the whole first screen; queries without an answer render as their loading state,
 * which the client then fills in.
 */
export async function renderFirstScreen(url: string, state: unknown, timeoutMs = 2000): Promise<string> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const queryClient = createAppQueryClient();
  if (state) hydrate(queryClient, state as DehydratedState);
  await preloadPage(pathname).catch(() => undefined);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('first screen render timed out')), timeoutMs);
  try {
    const { prelude } = await prerenderToNodeStream(
      <AppProviders queryClient={queryClient}>
        <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
          <App />
        </Router>
      </AppProviders>,
      // One document with every boundary inline: React otherwise moves a large boundary's content to
      // the end with an inline script to put it back (the CSP refuses inline scripts; no script runs
      // with JavaScript off).
      { signal: controller.signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    clearTimeout(timer);
    queryClient.clear();
  }
}
