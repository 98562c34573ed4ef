import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Login from '../../src/client/pages/auth/Login';
import { createAppQueryClient, createAppTRPCClient, trpc } from '../../src/client/trpc';

/** Issue 43.12: /merchant/login speaks to salon owners, not to customers booking a glow-up. */
function renderLogin(mode: 'customer' | 'merchant') {
  const queryClient = createAppQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <trpc.Provider client={createAppTRPCClient()} queryClient={queryClient}>
        <Login initialMode={mode} />
      </trpc.Provider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the merchant sign-in page', () => {
  it('talks to salon owners: heading, brand panel and button', () => {
    renderLogin('merchant');
    expect(screen.getByTestId('page-title').textContent).toBe('Sign in to your salon');
    const panel = screen.getByTestId('auth-panel-heading').closest('aside')!;
    expect(panel.textContent).toContain('Your salon');
    expect(panel.textContent).toContain('calendar for your whole team');
    // The customer's pitch (booking, free cancellation) is not what a salon owner signs in for.
    expect(document.body.textContent).not.toMatch(/glow-up|Free cancellation|Instant booking/);
    expect(screen.getByTestId('login-submit').textContent).toBe('Sign in to my salon');
    expect(document.title).toContain('Salon owner sign in');
  });

  it('keeps the customer sign-in about booking', () => {
    renderLogin('customer');
    expect(screen.getByTestId('page-title').textContent).toBe('Welcome back');
    expect(screen.getByTestId('auth-panel-heading').textContent).toContain('glow-up');
    expect(screen.getByTestId('switch-to-merchant').textContent).toContain('salon owner');
  });
});
