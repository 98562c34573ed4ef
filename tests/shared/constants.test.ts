import { describe, expect, it } from 'vitest';
import {
  AMENITIES,
  canonicalAmenity,
  containsPattern,
  escapeLike,
  prefixPattern,
  SHOP_TYPE_LABELS,
  SHOP_TYPES,
  shopTypeLabel,
} from '../../src/shared/constants.js';

describe('LIKE patterns', () => {
  it('escape the wildcards and the escape character, so user text matches only itself', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(prefixPattern('100%')).toBe('100\\%%');
  });

  it('leave ordinary text alone', () => {
    expect(containsPattern('Glow & Grace')).toBe('%Glow & Grace%');
  });
});

describe('shop types and amenities', () => {
  it('label every shop type, and read an unknown one as itself', () => {
    for (const t of SHOP_TYPES) expect(SHOP_TYPE_LABELS[t]).toMatch(/^[A-Z]/);
    expect(shopTypeLabel('beautyParlour')).toBe('Beauty parlour');
    expect(shopTypeLabel('barber')).toBe('barber');
  });

  it('spell an amenity typed in any case as the list does', () => {
    expect(canonicalAmenity('  free wifi ')).toBe('Free WiFi');
    expect(canonicalAmenity('Helipad')).toBeUndefined();
    for (const a of AMENITIES) expect(canonicalAmenity(a.toUpperCase())).toBe(a);
  });
});
