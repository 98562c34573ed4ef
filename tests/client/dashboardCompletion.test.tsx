import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import MerchantHome from '../../src/client/pages/merchant/MerchantHome';
import { renderWithTrpc, resetSession, signInAsMerchant } from './trpcStub';

const dashboard = () => ({
  stats: {
    totalBookings: 0,
    totalRevenue: 0,
    netRevenue: 0,
    commission: 0,
    upcomingBookings: 0,
    notCheckedIn: 0,
    completedBookings: 0,
    customerRating: 0,
    reviewCount: 0,
  },
  recentBookings: [],
  recentManualBookings: [],
  recentReviews: [],
});
const completion = (over: Partial<{ percent: number; isPublished: boolean; publishStatus: string; publishNote: string | null }>) => () => ({
  percent: 64,
  checks: Array.from({ length: 14 }, (_, i) => ({ id: `c${i}`, label: `Check ${i}`, done: i < 9 })),
  isPublished: false,
  publishStatus: 'draft',
  publishNote: null,
  ...over,
});

beforeEach(() => {
  signInAsMerchant();
});
afterEach(() => {
  cleanup();
  resetSession();
});

describe('merchant dashboard: profile completion', () => {
  it('shows an unpublished salon how complete its profile is, with the way to the checklist in Settings', async () => {
    const { calls } = renderWithTrpc(<MerchantHome />, {
      'merchants.getDashboard': dashboard,
      'merchants.getProfileCompletion': completion({}),
    });
    const card = await screen.findByTestId('dashboard-profile-completion');
    expect(within(card).getByTestId('completion-percent').textContent).toBe('64%');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('64');
    expect(within(card).getByText('Not published')).toBeTruthy();
    expect(within(card).getByTestId('open-checklist').getAttribute('href')).toBe('/merchant/settings');
    // The checks themselves stay in Settings: the dashboard only summarises the same query.
    expect(within(card).queryByText('Check 0')).toBeNull();
    expect(calls.filter((c) => c.path === 'merchants.getProfileCompletion')).toHaveLength(1);
  });

  it('says a pending request is being reviewed', async () => {
    renderWithTrpc(<MerchantHome />, {
      'merchants.getDashboard': dashboard,
      'merchants.getProfileCompletion': completion({ percent: 100, publishStatus: 'pending' }),
    });
    const card = await screen.findByTestId('dashboard-profile-completion');
    expect(within(card).getByText('An admin is reviewing your publish request.')).toBeTruthy();
  });

  it('shows nothing once the salon is published', async () => {
    renderWithTrpc(<MerchantHome />, {
      'merchants.getDashboard': dashboard,
      'merchants.getProfileCompletion': completion({ percent: 100, isPublished: true, publishStatus: 'approved' }),
    });
    await screen.findByTestId('dash-total');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('dashboard-profile-completion')).toBeNull();
  });
});
