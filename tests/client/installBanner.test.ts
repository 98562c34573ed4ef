import { describe, expect, it } from 'vitest';
import { INSTALL_AFTER_PAGES, installOfferAllowed } from '../../src/client/features/install/InstallBanner';

/* Issue 30 item 9: the install offer only where it helps. */
describe('installOfferAllowed', () => {
  const base = { available: true, phone: true, pagesSeen: INSTALL_AFTER_PAGES, path: '/salons', dismissed: false };
  it('shows on a phone from the third page of a visit', () => {
    expect(installOfferAllowed(base)).toBe(true);
    expect(installOfferAllowed({ ...base, pagesSeen: INSTALL_AFTER_PAGES - 1 })).toBe(false);
  });
  it('never on a desktop, once declined, without the browser’s prompt, or over a sign-in or booking form', () => {
    expect(installOfferAllowed({ ...base, phone: false })).toBe(false);
    expect(installOfferAllowed({ ...base, dismissed: true })).toBe(false);
    expect(installOfferAllowed({ ...base, available: false })).toBe(false);
    for (const path of ['/login', '/register', '/salon/abc/booking/select', '/salon/abc/booking/review', '/merchant/login']) {
      expect(installOfferAllowed({ ...base, path }), path).toBe(false);
    }
    expect(installOfferAllowed({ ...base, path: '/salon/abc/booking/confirmation' })).toBe(true);
  });
});
