import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
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

/** Ends the app's first render (the server's, and the client's hydrating one): a hydration (main.tsx) is over. */
function useAppStarted(): void {
  useEffect(() => {
    setHydrating(false);
    // A mark that the app runs (not only the server's HTML): browser tests wait for it.
    document.documentElement.setAttribute('data-app-mounted', '');
  }, []);
}

/**
 * `children` from the render after the first (never in the server's HTML, nor in the hydrating render).
 * Each keeps its own state, so only it renders again (not the whole app, which a state in App would
 * re-render in one long task right after hydration), and in a transition, in slices.
 */
function AfterFirstRender({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? children : null;
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
  useAppStarted();
  // Sign-in and sign-out in another tab, for visitors too.
  useEffect(() => watchSessionChanges(), []);
  return (
    <>
      <SkipLink />
      <AfterFirstRender>
        <SignedIn />
      </AfterFirstRender>
      <ScrollToTop />
      <LayoutForUser>
        {/* In the page's flow, above its content: the offer never covers an action. */}
        <AfterFirstRender>
          <Suspense fallback={null}>
            <InstallBanner />
          </Suspense>
        </AfterFirstRender>
        <AppRoutes />
      </LayoutForUser>
      <Toaster />
      <AfterFirstRender>
        <Suspense fallback={null}>
          <Splash />
        </Suspense>
      </AfterFirstRender>
    </>
  );
}

export default App;
