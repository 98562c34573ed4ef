import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeskStatusBadge, notCheckedIn } from '../../src/client/pages/merchant/DeskStatusBadge';

/** Issue 43.8: yesterday's never-settled booking shows as needing action, not as upcoming. */
afterEach(cleanup);
const NOW = new Date('2026-12-02T06:00:00Z');

describe('the desk’s status of a booking', () => {
  it('says "Not checked in" for a booked or unpaid booking whose start has passed', () => {
    expect(notCheckedIn({ status: 'upcoming', startsAt: '2026-12-01T05:00:00Z' }, NOW)).toBe(true);
    expect(notCheckedIn({ status: 'pending', startsAt: '2026-12-02T05:59:00Z' }, NOW)).toBe(true);
    render(<DeskStatusBadge booking={{ status: 'upcoming', startsAt: '2026-12-01T05:00:00Z' }} now={NOW} />);
    expect(screen.getByTestId('not-checked-in').textContent).toBe('Not checked in');
  });

  it('keeps the status of a booking still to come, checked in or settled', () => {
    expect(notCheckedIn({ status: 'upcoming', startsAt: '2026-12-03T05:00:00Z' }, NOW)).toBe(false);
    expect(notCheckedIn({ status: 'confirmed', startsAt: '2026-12-01T05:00:00Z' }, NOW)).toBe(false);
    expect(notCheckedIn({ status: 'no_show', startsAt: '2026-12-01T05:00:00Z' }, NOW)).toBe(false);
    render(<DeskStatusBadge booking={{ status: 'upcoming', startsAt: '2026-12-03T05:00:00Z' }} now={NOW} />);
    expect(screen.queryByTestId('not-checked-in')).toBeNull();
    expect(document.body.textContent).toMatch(/upcoming/i);
  });
});
