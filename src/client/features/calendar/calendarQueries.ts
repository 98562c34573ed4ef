/** What a change on the calendar refreshes: the calendar and the desk's booking list. */
export const CALENDAR_QUERIES = ['merchants.getCalendar', 'merchants.merchantGetAllBookings'] as const;
