import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { SkipLink } from './components/layout/SkipLink';
import { ScrollToTop } from './components/ScrollToTop';
import { Splash } from './components/Splash';
import { Toaster } from './components/ui/Toast';
import { SessionKeeper } from './features/auth/SessionKeeper';
import { InstallBanner } from './features/install/InstallBanner';
import { PushOptInGate } from './features/push/PushOptInGate';
import { LayoutForUser } from './layouts';
import { AppRoutes } from './routes';
import { appStore } from './state/session';
import { queryClient as defaultQueryClient, trpcClient as defaultTrpcClient, trpc } from './trpc';

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  trpcClient?: typeof defaultTrpcClient;
}

/** Query, tRPC and jotai providers; tests can pass their own clients. */
export function AppProviders({ children, queryClient = defaultQueryClient, trpcClient = defaultTrpcClient }: AppProvidersProps) {
  return (
    <JotaiProvider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          {children}
        </trpc.Provider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}

export function App() {
  return (
    <>
      <SkipLink />
      <SessionKeeper />
      <ScrollToTop />
      <LayoutForUser>
        {/* In the page's flow, above its content: the offer never covers an action. */}
        <InstallBanner />
        <AppRoutes />
      </LayoutForUser>
      <Toaster />
      <PushOptInGate />
      <Splash />
    </>
  );
}

export default App;
