import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HYDRATE_ATTRIBUTE } from '../shared/pageData';
import { App, ShellProviders } from './App';
// The browser may offer the install prompt as soon as the page loads: listen from the start.
import './features/discovery/installPrompt';
import { setHydrating } from './lib/hydration';
import { preloadPage } from './routes';
import { getSession } from './state/session';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The server rendered a visitor's first screen (home, results, a salon page) from the answers it
// sends with it (src/client/ssr.tsx): the client hydrates that HTML, from the same answers. A
// signed-in account's screen differs (its layout, its own answers), so it renders afresh over it.
const serverRendered = container.hasAttribute(HYDRATE_ATTRIBUTE) && !getSession().token;
const app = (
  <StrictMode>
    <ShellProviders>
      <App />
    </ShellProviders>
  </StrictMode>
);
// The page's chunk is already on its way (the HTML preloads it): waiting for it here puts the page in
// the first paint instead of a spinner first, and lets hydration take the server's HTML as it is. A
// chunk that fails to load falls back to that spinner.
// (A function rather than a top-level await, which would make the bundler split the entry.)
void preloadPage(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    // A transition renders (and hydrates) in slices that give the main thread back every few
    // milliseconds, so start-up is no single long task holding up taps and scrolling (Total Blocking Time).
    startTransition(() => {
      if (serverRendered) {
        setHydrating(true);
        hydrateRoot(container, app);
      } else {
        container.removeAttribute(HYDRATE_ATTRIBUTE);
        createRoot(container).render(app);
      }
    });
  });
