import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ShellProviders } from './App';
import { queryClient as defaultQueryClient, trpcClient as defaultTrpcClient, trpc } from './trpc';

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  trpcClient?: typeof defaultTrpcClient;
}

/**
 * Query, tRPC and jotai providers over the whole app, with the given clients (the server's render,
 * tests). The browser's app sets only the shell's and loads the data layer's with the parts that
 * query (data.tsx), which then use these when they are set.
 */
export function AppProviders({ children, queryClient = defaultQueryClient, trpcClient = defaultTrpcClient }: AppProvidersProps) {
  return (
    <ShellProviders>
      <QueryClientProvider client={queryClient}>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          {children}
        </trpc.Provider>
      </QueryClientProvider>
    </ShellProviders>
  );
}
