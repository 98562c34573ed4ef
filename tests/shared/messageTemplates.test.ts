import { describe, expect, it } from 'vitest';
import { fillTemplate, SMS_MAX_CHARS, smsLength } from '../../src/shared/messageTemplates';

describe('message templates', () => {
  it('fills the three variables, every occurrence, and leaves other braces alone', () => {
    const text = 'Hi {customer_name}, see you on {appointment_date} at {merchant_name}. {customer_name}, bring {something}!';
    expect(fillTemplate(text, { customer_name: 'Asha', appointment_date: 'March 29, 2026', merchant_name: 'Glow Studio' })).toBe(
      'Hi Asha, see you on March 29, 2026 at Glow Studio. Asha, bring {something}!',
    );
  });

  it('counts SMS characters as the customer sees them (an emoji is one)', () => {
    expect(SMS_MAX_CHARS).toBe(160);
    expect(smsLength('a'.repeat(160))).toBe(160);
    expect(smsLength('💇‍♀️')).toBe(4);
    expect(smsLength('नमस्ते')).toBe(6);
  });
});
