import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, AppProviders } from './App';
import { takeFirstScreenData } from './firstScreen';
import { queryClient } from './trpc';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

takeFirstScreenData(queryClient);
const root = createRoot(container);
// A transition renders in slices that give the main thread back every few milliseconds, so the first
// render is no single long task holding up taps and scrolling (Lighthouse's Total Blocking Time).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <App />
      </AppProviders>
    </StrictMode>,
  );
});
