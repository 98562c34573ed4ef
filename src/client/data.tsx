import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useContext } from 'react';
import { takeFirstScreenData } from './firstScreen';
import { queryClient, trpc, trpcClient } from './trpc';

/*
 * The data layer (React Query, the tRPC client and its hooks: ~24 KB gzipped) as a chunk of its own,
 * loaded with the first part of the screen that asks for data rather than before the first screen
 * can run. The shell a visitor's page opens with (header, the home page's hero and search form,
 * footer) renders and hydrates without it; every part that queries (a page, the home page's
 * sections, a signed-in layout, the newsletter form, the search fields' suggestions) is loaded on
 * demand through `withData`, which brings this module and puts its providers above that part.
 */

// The answers the server sent with the page, in the cache before anything that reads them renders.
takeFirstScreenData(queryClient);

/** React Query's and tRPC's providers with the app's clients, unless a caller above already set them (a test, the server's render). */
export function DataProviders({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return <>{children}</>;
  return (
    <QueryClientProvider client={queryClient}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        {children}
      </trpc.Provider>
    </QueryClientProvider>
  );
}

/** `Component` inside the data providers. */
export function provided<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithData(props: P) {
    return (
      <DataProviders>
        <Component {...props} />
      </DataProviders>
    );
  }
  WithData.displayName = `WithData(${Component.displayName ?? Component.name})`;
  return WithData;
}
