import { describe, expect, it } from 'vitest';
import { createGazetteerGeocoder, gazetteerCity, normalizePlaceText } from '../../src/server/adapters/geocoding/index.js';

const geo = createGazetteerGeocoder();

describe('offline gazetteer: forward search', () => {
  it('finds cities by name, old name and prefix, bigger places first', async () => {
    const [pune] = await geo.search('Pune', 1);
    expect(pune).toMatchObject({ name: 'Pune', city: 'Pune', state: 'Maharashtra', kind: 'city' });
    expect(pune.lat).toBeCloseTo(18.52, 1);
    expect(pune.lon).toBeCloseTo(73.86, 1);
    expect((await geo.search('bangalore', 1))[0]).toMatchObject({ name: 'Bengaluru', state: 'Karnataka' });
    expect((await geo.search('Gurgaon', 1))[0].name).toBe('Gurugram');
    const mum = await geo.search('mum', 2);
    expect(mum.map((p) => p.name)).toEqual(['Mumbai', 'Navi Mumbai']);
  });

  it('finds metro localities with their city', async () => {
    for (const [q, city] of [
      ['Koramangala', 'Bengaluru'],
      ['Bandra West', 'Mumbai'],
      ['Hauz Khas', 'Delhi'],
      ['Banjara Hills', 'Hyderabad'],
      ['Salt Lake', 'Kolkata'],
      ['Koregaon Park', 'Pune'],
    ]) {
      const [p] = await geo.search(q, 1);
      expect(p, q).toMatchObject({ name: q, city, kind: 'locality' });
    }
    expect((await geo.search('Koramangala', 1))[0].displayName).toBe('Koramangala, Bengaluru, Karnataka');
    expect((await geo.search('Hauz Khas', 1))[0].displayName).toBe('Hauz Khas, Delhi');
  });

  it('ignores case, accents and punctuation, and matches later words', async () => {
    expect((await geo.search('t nagar', 1))[0].name).toBe('T. Nagar');
    expect((await geo.search('KORAMANGALA', 1))[0].name).toBe('Koramangala');
    expect(normalizePlaceText('Thāne, Mahārāshtra')).toBe('thane maharashtra');
    const hills = await geo.search('hills', 10);
    expect(hills.map((p) => p.name)).toEqual(expect.arrayContaining(['Banjara Hills', 'Jubilee Hills']));
  });

  it('narrows by the city or state after a comma', async () => {
    const [jaipur] = await geo.search('Malviya Nagar, Jaipur', 1);
    expect(jaipur).toMatchObject({ name: 'Malviya Nagar', city: 'Jaipur', state: 'Rajasthan' });
    const [delhi] = await geo.search('Malviya Nagar, Delhi', 1);
    expect(delhi.city).toBe('Delhi');
  });

  it('answers nothing for unknown text and respects the limit', async () => {
    expect(await geo.search('xyzzyplace', 5)).toEqual([]);
    expect(await geo.search('', 5)).toEqual([]);
    expect(await geo.search('ba', 3)).toHaveLength(3);
  });

  it('looks cities up by name or alias', () => {
    expect(gazetteerCity('Bombay')?.name).toBe('Mumbai');
    expect(gazetteerCity('No Such City')).toBeNull();
  });
});

describe('offline gazetteer: reverse look-up', () => {
  it('answers the nearest known place', async () => {
    expect(await geo.reverse(19.0596, 72.8295)).toMatchObject({ name: 'Bandra West', city: 'Mumbai', state: 'Maharashtra' });
    expect(await geo.reverse(12.9352, 77.6245)).toMatchObject({ name: 'Koramangala', city: 'Bengaluru' });
    const near = await geo.reverse(26.9124, 75.7873);
    expect(near?.city).toBe('Jaipur');
  });

  it('answers null far from any place', async () => {
    expect(await geo.reverse(10, 60)).toBeNull();
  });
});
