import { describe, expect, it } from 'vitest';
import { fillMessage, fillTemplate, SMS_MAX_CHARS, smsLength } from '../../src/shared/messageTemplates';

describe('message templates', () => {
  it('fills the three variables, every occurrence, and leaves other braces alone', () => {
    const text = 'Hi {customer_name}, see you on {appointment_date} at {merchant_name}. {customer_name}, bring {something}!';
    expect(fillTemplate(text, { customer_name: 'Asha', appointment_date: '29 Mar 2026', merchant_name: 'Glow Studio' })).toBe(
      'Hi Asha, see you on 29 Mar 2026 at Glow Studio. Asha, bring {something}!',
    );
  });

  it('counts SMS characters as the customer sees them (an emoji is one)', () => {
    expect(SMS_MAX_CHARS).toBe(160);
    expect(smsLength('a'.repeat(160))).toBe(160);
    expect(smsLength('💇‍♀️')).toBe(4);
    expect(smsLength('नमस्ते')).toBe(6);
  });

  it('fills subject and body from one set of values: first name, en-IN date in the salon zone, salon name', () => {
    const parts = { subject: '{customer_name}, {appointment_date}', body: 'Hi {customer_name} at {merchant_name} on {appointment_date}' };
    // 20:00 UTC on 31 March is 1 April in India.
    const r = fillMessage(parts, {
      customerName: 'Asha Rao',
      appointment: '2026-03-31T20:00:00Z',
      merchantName: 'Glow Studio',
      timeZone: 'Asia/Kolkata',
    });
    expect(r).toEqual({ subject: 'Asha, 1 Apr 2026', body: 'Hi Asha at Glow Studio on 1 Apr 2026' });
    expect(
      fillMessage({ body: '{customer_name} {appointment_date}' }, { customerName: ' ', appointment: null, merchantName: 'X' }),
    ).toEqual({ subject: null, body: 'there your next visit' });
  });
});
