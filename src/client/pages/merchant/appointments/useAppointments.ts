import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BookingWire } from '../../../../shared/schemas/bookings';
import { toast } from '../../../components/ui/Toast';
import { byAppointment } from '../../../features/booking/format';
import { QR_MESSAGES, type QrPayload } from '../../../features/bookingDesk/qr';
import { errorMessage, trpc } from '../../../trpc';

/** 'calendar' is the month grid (its name in links since before the day view). */
export type View = 'day' | 'list' | 'calendar';
export const VIEWS: View[] = ['day', 'list', 'calendar'];

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** The desk's bookings (list with stats, and all of them for the month grid) and its refresh. */
export function useAppointmentBookings({
  merchantId,
  view,
  status,
  searchQuery,
}: {
  merchantId: string | null;
  view: View;
  status: string;
  searchQuery: string;
}) {
  const utils = trpc.useUtils();
  const listQuery = trpc.merchants.merchantGetAllBookings.useQuery(
    {
      merchantId: merchantId ?? undefined,
      status: status === 'all' ? undefined : (status as BookingWire['status']),
      searchQuery: searchQuery || undefined,
    },
    { enabled: Boolean(merchantId), placeholderData: (prev) => prev },
  );
  const calendarQuery = trpc.merchants.merchantGetAllBookings.useQuery(
    { merchantId: merchantId ?? undefined },
    { enabled: Boolean(merchantId) && view === 'calendar' },
  );
  useEffect(() => {
    if (listQuery.isError) toast.error('Failed to fetch bookings.');
  }, [listQuery.isError]);

  const stats = listQuery.data?.stats;
  const bookings = useMemo(() => byAppointment(listQuery.data?.bookings ?? []), [listQuery.data]);
  const timeZone = bookings[0]?.timeZone ?? calendarQuery.data?.bookings[0]?.timeZone ?? 'Asia/Kolkata';

  const refresh = useCallback(async () => {
    void utils.merchants.getCalendar.invalidate();
    await utils.merchants.merchantGetAllBookings.invalidate();
    void utils.merchants.getDashboard.invalidate();
  }, [utils]);
  const invalidateList = useCallback(() => void utils.merchants.merchantGetAllBookings.invalidate(), [utils]);

  return { listQuery, calendarQuery, stats, bookings, timeZone, refresh, invalidateList };
}

/** Looks a scanned QR code's booking up; throws the message the scanner shows when it is not this salon's. */
export function useQrLookup(merchantId: string | null) {
  const client = trpc.useUtils().client;
  return useCallback(
    async (payload: QrPayload): Promise<BookingWire> => {
      if (!merchantId) throw new Error('No booking selected');
      try {
        const { booking } = await client.merchants.scanQRForBooking.query({
          bookingId: payload.bookingId,
          merchantId,
          userId: payload.userId,
        });
        return booking;
      } catch (err) {
        throw new Error(errorMessage(err, QR_MESSAGES.invalid));
      }
    },
    [client, merchantId],
  );
}
