import { longDate } from './dates.js';

/** The variables a salon can put in a message; filled per customer when it is sent. */
export const TEMPLATE_VARIABLES = ['customer_name', 'appointment_date', 'merchant_name'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** Replaces {customer_name}, {appointment_date} and {merchant_name}; unknown {words} stay as typed. */
export function fillTemplate(text: string, values: Record<TemplateVariable, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (TEMPLATE_VARIABLES as readonly string[]).includes(name) ? values[name as TemplateVariable] : whole,
  );
}

/** Who a message is for and from: the same facts fill a one-off message and a campaign. */
export interface MessageRecipient {
  /** The customer's full name; the message greets them by the first word. */
  customerName: string;
  /** Their next appointment, else their last visit, else none. */
  appointment: Date | string | null;
  merchantName: string;
  /** The salon's time zone, in which the appointment's calendar date is read. */
  timeZone?: string;
}

export const NO_APPOINTMENT_TEXT = 'your next visit';

/** The product's date style ("29 Mar 2026", shared/dates.ts) in the salon's zone. */
export function appointmentDateText(when: Date | string | null, timeZone = 'Asia/Kolkata'): string {
  if (!when) return NO_APPOINTMENT_TEXT;
  const d = new Date(when);
  if (Number.isNaN(d.getTime())) return NO_APPOINTMENT_TEXT;
  return longDate(d, timeZone);
}

export function templateValues(r: MessageRecipient): Record<TemplateVariable, string> {
  return {
    customer_name: r.customerName.trim().split(/\s+/)[0] || 'there',
    appointment_date: appointmentDateText(r.appointment, r.timeZone),
    merchant_name: r.merchantName.trim() || 'your salon',
  };
}

/** Fills subject and body with the same values: the one way every customer message is personalised. */
export function fillMessage(
  parts: { subject?: string | null; body: string },
  r: MessageRecipient,
): { subject: string | null; body: string } {
  const values = templateValues(r);
  return { subject: parts.subject ? fillTemplate(parts.subject, values) : null, body: fillTemplate(parts.body, values) };
}

/** The spec's SMS rule: at most 160 characters, counted as the customer receives them. */
export const SMS_MAX_CHARS = 160;
export const SMS_TOO_LONG = 'SMS message cannot exceed 160 characters';

export function smsLength(text: string): number {
  return [...text].length;
}
