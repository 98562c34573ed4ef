import { cleanup, render, screen } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppRoutes, preloadPage } from '../../src/client/routes';
import { appStore } from '../../src/client/state/session';

afterEach(cleanup);

function renderAt(path: string) {
  return render(
    <JotaiProvider store={appStore}>
      <Router hook={memoryLocation({ path }).hook}>
        <AppRoutes />
      </Router>
    </JotaiProvider>,
  );
}

describe('the page the app opens on', () => {
  it('renders in the first commit once preloaded, with no spinner frame before it', async () => {
    await preloadPage('/privacy-policy');
    renderAt('/privacy-policy');
    // Synchronously after the first render: no Suspense fallback in between.
    expect(screen.queryByText('Loading page')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
  });

  it('shows the spinner first when the page was not preloaded, then the page', async () => {
    renderAt('/terms-and-conditions');
    expect(screen.getByText('Loading page')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
  });

  it('matches paths as the router does: aliases, any case, and nothing for an unknown path', async () => {
    await preloadPage('/ABOUT');
    renderAt('/about-us');
    expect(screen.queryByText('Loading page')).toBeNull();
    await expect(preloadPage('/no-such-page')).resolves.toBeUndefined();
  });
});
