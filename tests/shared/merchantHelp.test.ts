import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_BASE, MERCHANT_FAQ, searchHelp } from '../../src/shared/merchantHelp';

describe('merchant help content', () => {
  it('has the 15 FAQ entries and articles whose related links resolve', () => {
    expect(MERCHANT_FAQ).toHaveLength(15);
    expect(new Set(MERCHANT_FAQ.map((f) => f.id)).size).toBe(15);
    const ids = new Set(KNOWLEDGE_BASE.map((a) => a.id));
    for (const a of KNOWLEDGE_BASE) for (const r of a.related) expect(ids.has(r)).toBe(true);
  });

  it('searches questions, answers and article text, every word', () => {
    expect(searchHelp('qr').articles.map((a) => a.id)).toEqual(['managing-bookings-and-check-in']);
    expect(searchHelp('coupon usage limit').faq.map((f) => f.id)).toEqual(['coupons']);
    expect(searchHelp('  ')).toEqual({ faq: [], articles: [] });
  });
});
