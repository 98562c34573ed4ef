import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_BASE, MERCHANT_FAQ, searchHelp } from '../../src/shared/merchantHelp';
import { canReschedule, FULL_REFUND_MIN_HOURS, RESCHEDULE_MIN_HOURS, refundPercentFor } from '../../src/shared/policy';

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

  it('states the cancellation and reschedule windows the booking rules enforce (policy.ts is the source)', () => {
    const answer = MERCHANT_FAQ.find((f) => f.id === 'cancel')!.answer;
    expect(answer).toContain(`reschedule free of charge up to ${RESCHEDULE_MIN_HOURS} hours before`);
    expect(answer).toContain(`cancel up to ${FULL_REFUND_MIN_HOURS} hours before the appointment for a full refund`);
    const now = new Date('2026-03-01T10:00:00Z');
    const at = (h: number) => new Date(now.getTime() + h * 3_600_000);
    expect(canReschedule(at(RESCHEDULE_MIN_HOURS), now)).toBe(true);
    expect(canReschedule(at(RESCHEDULE_MIN_HOURS - 0.1), now)).toBe(false);
    expect(refundPercentFor(at(FULL_REFUND_MIN_HOURS), now)).toBe(100);
    expect(refundPercentFor(at(FULL_REFUND_MIN_HOURS - 0.1), now)).toBe(50);
  });

  it('sends merchants to Settings to publish: the checklist and Request to publish live there, not on the dashboard', () => {
    const texts = [
      MERCHANT_FAQ.find((f) => f.id === 'publish')!.answer,
      KNOWLEDGE_BASE.find((a) => a.id === 'setting-up-your-salon')!.sections.find((s) => s.title === 'Publishing')!.text!,
    ];
    for (const text of texts) {
      expect(text).toContain('checklist in Settings');
      expect(text).toContain('Request to publish');
      expect(text).not.toMatch(/checklist on your dashboard|from the dashboard/);
    }
  });
});
