import { describe, expect, it } from 'vitest';
import { holdingBalance } from '../../src/client/features/packages/Holdings';
import { holdingWire } from '../../src/shared/schemas/packages';

/* The Wallet's line for a holding: what is left, or, once its expiry is recorded, what lapsed. */
const base = holdingWire.parse({
  _id: 'h1',
  merchantId: 'm1',
  salonName: 'Glow',
  kind: 'package',
  name: '5 facials',
  code: null,
  sessionsTotal: 5,
  sessionsLeft: 4,
  serviceIds: [],
  services: [],
  discountPercent: 0,
  categoryIds: [],
  value: 0,
  balance: 0,
  expiresAt: '2026-01-01T00:00:00.000Z',
  state: 'active',
  receiptNumber: 'GB-R-000012',
  lapsed: null,
  createdAt: '2025-07-01T00:00:00.000Z',
  ledger: [],
});

describe('holdingBalance', () => {
  it('says what is left, then what lapsed once the expiry is recorded', () => {
    expect(holdingBalance(base)).toBe('4 of 5 sessions left');
    const lapsed = { sessions: 4, amount: 0, value: 3200, at: '2026-01-01T01:05:00.000Z' };
    expect(holdingBalance(holdingWire.parse({ ...base, state: 'expired', sessionsLeft: 0, lapsed }))).toBe('4 of 5 sessions lapsed');
    const voucher = holdingWire.parse({
      ...base,
      kind: 'voucher',
      sessionsTotal: 0,
      sessionsLeft: 0,
      value: 500,
      state: 'expired',
      lapsed: { sessions: 0, amount: 250.5, value: 250.5, at: lapsed.at },
    });
    expect(holdingBalance(voucher)).toBe('₹250.50 of ₹500 lapsed');
    const club = holdingWire.parse({
      ...base,
      kind: 'membership',
      sessionsTotal: 0,
      sessionsLeft: 0,
      discountPercent: 10,
      state: 'expired',
      lapsed: { ...lapsed, sessions: 0, value: 0 },
    });
    expect(holdingBalance(club)).toBe('Membership ended');
  });
});
