import { describe, expect, it } from 'vitest';
import { bookingReference, bookingReferenceCode } from '../../src/shared/bookingReference';

describe('booking reference', () => {
  it('is # and the id’s first eight characters in capitals, whatever case the id is in', () => {
    expect(bookingReference('fe00f599-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe('#FE00F599');
    expect(bookingReference('FE00F599-1C2D-4E5F-8A9B-0C1D2E3F4A5B')).toBe('#FE00F599');
    expect(bookingReferenceCode('44947dd4-0000-4000-8000-000000000000')).toBe('44947DD4');
  });
});
