import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SalonManagement from '../../src/client/pages/admin/SalonManagement';
import type { AdminSalonWire } from '../../src/shared/schemas/admin';
import { renderWithTrpc } from './trpcStub';

afterEach(cleanup);

const salon = (over: Partial<AdminSalonWire>): AdminSalonWire => ({
  _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  shop_Name: 'Lotus Salon',
  shop_Owner: 'Asha Rao',
  email: 'owner@lotus.in',
  phone: null,
  City: 'Pune',
  State: 'Maharashtra',
  publishStatus: 'approved',
  isPublished: true,
  publishNote: null,
  publishRequestedAt: null,
  isSponsored: false,
  promotionMessage: null,
  completionPercent: 100,
  rating: 4.6,
  reviewCount: 12,
  bookingCount: 40,
  upcomingBookingCount: 3,
  ownerBlocked: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

async function openUnpublish(s: AdminSalonWire) {
  renderWithTrpc(<SalonManagement />, {
    'admin.listSalons': (input) => {
      const pending = (input as { publishStatus?: string }).publishStatus === 'pending';
      return {
        salons: pending ? [] : [s],
        total: pending ? 0 : 1,
        page: 1,
        limit: 20,
        paging: { page: 1, limit: 20, total: pending ? 0 : 1, hasMore: false },
      };
    },
  });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: `More actions for ${s.shop_Name}` })));
  await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Unpublish' })));
  return screen.getByTestId('admin-reason');
}

describe('Salon Management: unpublishing a salon with bookings', () => {
  it('says how many upcoming bookings the salon holds and that they stay booked', async () => {
    const dialog = await openUnpublish(salon({ upcomingBookingCount: 3 }));
    expect(within(dialog).getByTestId('unpublish-upcoming').textContent).toBe(
      'It has 3 upcoming bookings. They stay booked: the customers can still cancel them, and the salon still serves them. No new bookings can be made online until it is published again.',
    );
  });

  it('says so for one booking, and when there are none', async () => {
    const one = await openUnpublish(salon({ upcomingBookingCount: 1 }));
    expect(within(one).getByTestId('unpublish-upcoming').textContent).toBe(
      'It has 1 upcoming booking. It stays booked: the customer can still cancel it, and the salon still serves it. No new bookings can be made online until it is published again.',
    );
    cleanup();
    const none = await openUnpublish(salon({ upcomingBookingCount: 0 }));
    expect(within(none).getByTestId('unpublish-upcoming').textContent).toBe('It has no upcoming bookings, so no customer is affected.');
  });
});
