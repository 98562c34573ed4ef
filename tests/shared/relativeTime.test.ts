import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../src/shared/relativeTime.js';

const now = new Date('2026-03-29T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const s = 1000;
const min = 60 * s;
const h = 60 * min;

describe('relativeTime', () => {
  it("says 'Just now' under one minute, and for small clock skew into the future", () => {
    expect(relativeTime(now, now)).toBe('Just now');
    expect(relativeTime(ago(59 * s), now)).toBe('Just now');
    expect(relativeTime(new Date(now.getTime() + 5 * s), now)).toBe('Just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(relativeTime(ago(min), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * min + 59 * s), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(59 * min + 59 * s), now)).toBe('59 minutes ago');
  });

  it('counts whole hours under 24 hours', () => {
    expect(relativeTime(ago(h), now)).toBe('1 hour ago');
    expect(relativeTime(ago(3 * h + 30 * min), now)).toBe('3 hours ago');
    expect(relativeTime(ago(23 * h + 59 * min), now)).toBe('23 hours ago');
  });

  it('shows the en-IN date from 24 hours on, in the given zone', () => {
    expect(relativeTime(ago(24 * h), now, 'UTC')).toBe('28 Mar 2026');
    expect(relativeTime('2025-12-31T20:00:00Z', now, 'UTC')).toBe('31 Dec 2025');
    expect(relativeTime('2025-12-31T20:00:00Z', now, 'Asia/Kolkata')).toBe('1 Jan 2026');
  });

  it('accepts ISO strings and ignores garbage', () => {
    expect(relativeTime('2026-03-29T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
