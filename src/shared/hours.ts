export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface OpeningHoursDay {
  name: string;
  enabled: boolean;
  openTime: string;
  closeTime: string;
}

/** Merchant doc: Monday-Friday enabled 09:00-17:00; Saturday and Sunday disabled. */
export function defaultOpeningHours(): OpeningHoursDay[] {
  return WEEKDAYS.map((name, i) => ({ name, enabled: i < 5, openTime: '09:00', closeTime: '17:00' }));
}

export interface NotificationPreference {
  id: 'newBooking' | 'bookingChanges' | 'customerReviews' | 'marketing';
  name: string;
  description: string;
  enabled: boolean;
}

export function defaultNotificationPreferences(): NotificationPreference[] {
  return [
    { id: 'newBooking', name: 'New Bookings', description: 'Get notified when a customer books an appointment', enabled: true },
    {
      id: 'bookingChanges',
      name: 'Booking Changes',
      description: 'Get notified when a booking is rescheduled or cancelled',
      enabled: true,
    },
    { id: 'customerReviews', name: 'Customer Reviews', description: 'Get notified when a customer leaves a review', enabled: true },
    { id: 'marketing', name: 'Marketing Updates', description: 'Tips, product news and offers from the platform', enabled: false },
  ];
}
