import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, ShellProviders } from './App';
import { preloadPage } from './routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The page's chunk is already on its way (the HTML preloads it): waiting for it here puts the page in
// the first paint instead of a spinner first. A chunk that fails to load falls back to that spinner.
// (A function rather than a top-level await, which would make the bundler split the entry.)
void preloadPage(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    const root = createRoot(container);
    // A transition renders in slices that give the main thread back every few milliseconds, so the
    // first render is no single long task holding up taps and scrolling (Total Blocking Time).
    startTransition(() => {
      root.render(
        <StrictMode>
          <ShellProviders>
            <App />
          </ShellProviders>
        </StrictMode>,
      );
    });
  });
