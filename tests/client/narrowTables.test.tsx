import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TableCard, Th } from '../../src/client/features/admin/DataTable';
import Subscription from '../../src/client/pages/merchant/Subscription';
import { renderWithTrpc, resetSession, signInAsMerchant } from './trpcStub';

/*
 * happy-dom does no layout, so these pin the CSS that keeps wide tables scrolling inside their
 * own box on a 390 px phone instead of widening the page (checked in Chromium when written).
 */

afterEach(() => {
  cleanup();
  resetSession();
});

const classesOf = (el: Element | null | undefined) => (el?.getAttribute('class') ?? '').split(/\s+/);

describe('tables on narrow screens', () => {
  it('TableCard clips its sr-only labels in the scroll box and can shrink in a grid', () => {
    render(
      <TableCard testId="t" minWidth={900}>
        <thead>
          <tr>
            <Th>Date</Th>
            <Th>
              <span className="sr-only">Open</span>
            </Th>
          </tr>
        </thead>
      </TableCard>,
    );
    const scroll = screen.getByTestId('t').parentElement;
    // Without `relative` an absolutely positioned sr-only label's containing block is the page,
    // and a label at the far end of a 900 px table made /admin/bookings 939 px wide.
    expect(classesOf(scroll)).toEqual(expect.arrayContaining(['relative', 'overflow-x-auto']));
    expect(classesOf(scroll?.parentElement)).toContain('min-w-0');
  });

  it('Subscription keeps the billing history in a shrinkable grid track that scrolls on its own', async () => {
    signInAsMerchant();
    const invoice = {
      _id: 'inv-1',
      number: 'GB/26-27/000001',
      date: '2026-09-30',
      plan: 'professional',
      description: 'Professional plan',
      periodStart: '2026-09-30',
      periodEnd: '2026-10-30',
      baseAmount: 3999,
      cgst: 359.91,
      sgst: 359.91,
      igst: 0,
      amount: 4718.82,
      status: 'paid',
      gateway: 'test',
      sac: '998599',
      placeOfSupply: 'Maharashtra',
      supplierGstin: '29AAACG1234A1Z5',
      recipientGstin: null,
    };
    renderWithTrpc(<Subscription />, {
      'merchants.getSubscription': () => ({
        data: {
          plan: 'professional',
          status: 'active',
          tier: 'professional',
          scheduledChange: null,
          usage: { staff: { onTeam: 3, limit: 10 } },
          quotes: [],
          gst: { salonGstin: null, platformGstin: '29AAACG1234A1Z5', sac: '998599' },
          creditNotes: [],
          nextBillingDate: '2026-11-30',
          cardLast4: '1111',
          paymentMethod: {
            kind: 'card',
            last4: '1111',
            brand: 'Visa',
            expMonth: 12,
            expYear: 2028,
            vpa: null,
            gateway: 'test',
            updatedAt: null,
          },
          autoRenew: true,
          gateway: { name: 'test', testMode: true, checkoutKey: null },
          merchantState: 'Maharashtra',
          platformState: 'Karnataka',
          invoices: [invoice],
          payments: [],
        },
      }),
    });
    const table = await screen.findByTestId('invoices');
    const scroll = table.parentElement;
    const card = scroll?.parentElement;
    // The billing history shares its column with the credit notes: the column shrinks too.
    const column = card?.parentElement;
    const grid = column?.parentElement;
    expect(classesOf(scroll)).toEqual(expect.arrayContaining(['relative', 'overflow-x-auto']));
    expect(classesOf(card)).toContain('min-w-0');
    expect(classesOf(column)).toContain('min-w-0');
    // grid-cols-1 is minmax(0, 1fr): the bare `grid` track grew to the table's 560 px minimum.
    expect(classesOf(grid)).toEqual(expect.arrayContaining(['grid', 'grid-cols-1']));
    expect(classesOf(grid).find((c) => c.startsWith('lg:grid-cols-'))).toContain('minmax(0,1fr)');
  });
});
