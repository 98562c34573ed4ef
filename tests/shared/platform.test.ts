import { describe, expect, it } from 'vitest';
import { platformLastDays, platformToday } from '../../src/shared/platform';

describe("the platform's calendar is India's", () => {
  it('turns the date at midnight in India, not in UTC or the browser', () => {
    expect(platformToday(new Date('2031-03-02T18:29:00Z'))).toBe('2031-03-02');
    expect(platformToday(new Date('2031-03-02T18:30:00Z'))).toBe('2031-03-03');
  });

  it('gives the last n days up to and including today in India', () => {
    expect(platformLastDays(30, new Date('2031-03-02T20:00:00Z'))).toEqual({ from: '2031-02-02', to: '2031-03-03' });
    expect(platformLastDays(1, new Date('2031-01-01T00:00:00Z'))).toEqual({ from: '2031-01-01', to: '2031-01-01' });
  });
});
