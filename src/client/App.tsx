import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { SkipLink } from './components/layout/SkipLink';
import { ScrollToTop } from './components/ScrollToTop';
import { Toaster } from './components/ui/Toast';
import { LayoutForUser } from './layouts';
import { setHydrating } from './lib/hydration';
import { AppRoutes } from './routes';
import { appStore, sessionAtom, watchSessionChanges } from './state/session';
import { withData } from './withData';

/** The providers every screen needs: jotai's store (the session). The data layer's come with the parts that query (data.tsx). */
export function ShellProviders({ children }: { children: ReactNode }) {
  return <JotaiProvider store={appStore}>{children}</JotaiProvider>;
}

/*
 * What depends on the browser or on a signed-in account loads after the first screen is on show
 * (and, for a server-rendered page, hydrated): the splash and the install offer read storage and the
 * device, the session keeper and the push subscription matter only with a token. None of it is in
 * the first screen's script, and none of it can make the client's first render differ from the
 * server's HTML.
 */
const Splash = lazy(() => import('./components/Splash').then((m) => ({ default: m.Splash })));
const InstallBanner = lazy(() => import('./features/install/InstallBanner').then((m) => ({ default: m.InstallBanner })));
const SessionKeeper = lazy(
  withData(
    () => import('./features/auth/SessionKeeper'),
    (m) => m.SessionKeeper,
  ),
);
const PushOptInGate = lazy(
  withData(
    () => import('./features/push/PushOptInGate'),
    (m) => m.PushOptInGate,
  ),
);

/** False in the first render (the server's, and the client's hydrating one), true once mounted. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    // The app's first render has committed: a hydration (main.tsx) is over.
    setHydrating(false);
    setMounted(true);
    // A mark that the app runs (not only the server's HTML): browser tests wait for it.
    document.documentElement.setAttribute('data-app-mounted', '');
  }, []);
  return mounted;
}

function SignedIn() {
  const { token } = useAtomValue(sessionAtom);
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <SessionKeeper />
      <PushOptInGate />
    </Suspense>
  );
}

export function App() {
  const mounted = useMounted();
  // Sign-in and sign-out in another tab, for visitors too.
  useEffect(() => watchSessionChanges(), []);
  return (
    <>
      <SkipLink />
      {mounted && <SignedIn />}
      <ScrollToTop />
      <LayoutForUser>
        {/* In the page's flow, above its content: the offer never covers an action. */}
        {mounted && (
          <Suspense fallback={null}>
            <InstallBanner />
          </Suspense>
        )}
        <AppRoutes />
      </LayoutForUser>
      <Toaster />
      {mounted && (
        <Suspense fallback={null}>
          <Splash />
        </Suspense>
      )}
    </>
  );
}

export default App;
