/** The variables a salon can put in a message; filled per customer when it is sent. */
export const TEMPLATE_VARIABLES = ['customer_name', 'appointment_date', 'merchant_name'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** Replaces {customer_name}, {appointment_date} and {merchant_name}; unknown {words} stay as typed. */
export function fillTemplate(text: string, values: Record<TemplateVariable, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => ((TEMPLATE_VARIABLES as readonly string[]).includes(name) ? values[name as TemplateVariable] : whole));
}

/** The spec's SMS rule: at most 160 characters, counted as the customer receives them. */
export const SMS_MAX_CHARS = 160;
export const SMS_TOO_LONG = 'SMS message cannot exceed 160 characters';

export function smsLength(text: string): number {
  return [...text].length;
}
