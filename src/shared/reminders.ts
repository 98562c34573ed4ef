/** Appointment reminders go out this many hours before the start. */
export const REMINDER_HOURS_BEFORE = [24, 2] as const;

/**
 * Keys of a customer's notification preferences (accounts.notification_prefs, a map of booleans;
 * a missing key means on).
 */
export const CUSTOMER_PREFERENCE_KEYS = {
  reminders: 'reminders',
  email: 'email',
  push: 'push',
} as const;

export function preferenceOn(prefs: unknown, key: string): boolean {
  if (!prefs || typeof prefs !== 'object' || Array.isArray(prefs)) return true;
  return (prefs as Record<string, unknown>)[key] !== false;
}
