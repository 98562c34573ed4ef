import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { BusinessHoursSection, NotificationsSection } from '../../src/client/features/shop/SettingsSections';
import { appStore } from '../../src/client/state/session';
import { toast, toastsAtom } from '../../src/client/state/toast';
import { WEEKDAYS } from '../../src/shared/hours';
import type { HoursClash, ShopProfileWire } from '../../src/shared/schemas/shop';
import { renderWithTrpc, type StubHandler } from './trpcStub';

afterEach(() => {
  cleanup();
  toast.clear();
});

/*
 * Settings & Profile's hours and notification sections: react-hook-form with the server's schemas
 * (updateBusinessHoursInput, updateNotificationSettingsInput); the hours' 409 opens the dialog.
 */

const MERCHANT = '44444444-4444-4444-8444-444444444444';
const BOOKING = '22222222-2222-4222-8222-222222222222';

const merchant = {
  _id: MERCHANT,
  shop_Name: 'Lotus Salon',
  openingHours: WEEKDAYS.map((name) => ({ name, enabled: name !== 'Sunday', openTime: '09:00', closeTime: '21:00' })),
  notificationSettings: [
    { id: 'newBooking', name: 'New bookings', description: 'When a customer books.', enabled: true },
    { id: 'marketing', name: 'Marketing', description: 'News from GlowBook.', enabled: false },
  ],
} as unknown as ShopProfileWire;

const clash: HoursClash = {
  bookingId: BOOKING,
  bookingDate: '2026-11-30',
  bookingTime: '10:00 AM',
  status: 'upcoming',
  customerName: 'Ishaan Guest',
  services: ['Haircut'],
  reason: 'salonClosed',
};

const conflict = (clashes: HoursClash[]) =>
  TRPCClientError.from({
    error: { message: 'These hours leave upcoming bookings uncovered', code: -32009, data: { httpStatus: 409, code: 'CONFLICT', clashes } },
  });

const saved = (message: string, cancelled = 0) => ({
  success: true,
  message,
  openingHours: merchant.openingHours,
  clashes: [],
  decision: null,
  cancelled,
});
const toasts = () => appStore.get(toastsAtom).map((t) => t.message);
const hours = (handler: StubHandler) =>
  renderWithTrpc(<BusinessHoursSection merchant={merchant} merchantId={null} />, { 'merchants.updateBusinessHours': handler });

describe('BusinessHoursSection', () => {
  it('shows a closing time before the opening time under that day, and sends nothing', async () => {
    const { calls } = hours(() => saved('Business hours updated.'));
    fireEvent.change(screen.getByLabelText('Monday closes'), { target: { value: '08:00' } });
    await act(async () => fireEvent.click(screen.getByTestId('save-hours')));
    const box = screen.getByLabelText('Monday closes');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    // The schema's 'Monday: …' reads without the prefix under Monday's box.
    expect(
      document.getElementById(
        box
          .getAttribute('aria-describedby')!
          .split(' ')
          .find((id) => id.endsWith('-error'))!,
      )?.textContent,
    ).toBe('The closing time must be after the opening time.');
    expect(calls).toHaveLength(0);
  });

  it('sends the week as edited; a closed day keeps its times; the answer is toasted and shown', async () => {
    const { calls } = hours(() => saved('Business hours updated.'));
    fireEvent.click(screen.getByLabelText('Saturday'));
    expect((screen.getByLabelText('Saturday opens') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Friday closes'), { target: { value: '19:30' } });
    await act(async () => fireEvent.click(screen.getByTestId('save-hours')));
    await waitFor(() => expect(calls).toHaveLength(1));
    const sent = (calls[0].input as { openingHours: { name: string; enabled: boolean; openTime: string; closeTime: string }[] })
      .openingHours;
    expect(sent).toHaveLength(7);
    expect(sent.find((d) => d.name === 'Saturday')).toEqual({ name: 'Saturday', enabled: false, openTime: '09:00', closeTime: '21:00' });
    expect(sent.find((d) => d.name === 'Friday')?.closeTime).toBe('19:30');
    expect((await screen.findByTestId('hours-banner')).textContent).toBe('Business hours updated.');
    expect(toasts()).toContain('Business hours updated.');
  });

  it('a 409 lists the bookings; "Notify and cancel" sends the decision on those bookings, with the reason', async () => {
    const inputs: Record<string, unknown>[] = [];
    hours((input) => {
      inputs.push(input as Record<string, unknown>);
      if (!(input as { decision?: string }).decision) throw conflict([clash]);
      return saved('Business hours updated. 1 booking cancelled with a full refund; the customers have been told.', 1);
    });
    fireEvent.click(screen.getByLabelText('Monday'));
    await act(async () => fireEvent.click(screen.getByTestId('save-hours')));
    const dialog = await screen.findByTestId('hours-clashes-dialog');
    expect(within(dialog).getByTestId('hours-clashes').textContent).toContain('Ishaan Guest');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Reason the customers are given if you cancel'), { target: { value: 'Renovation' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('hours-cancel-bookings')));
    await waitFor(() => expect(screen.queryByTestId('hours-clashes-dialog')).toBeNull());
    expect(inputs).toHaveLength(2);
    expect(inputs[1]).toMatchObject({ decision: 'cancel', bookingIds: [BOOKING], cancellationReason: 'Renovation' });
    expect((inputs[1].openingHours as { name: string; enabled: boolean }[]).find((d) => d.name === 'Monday')?.enabled).toBe(false);
    expect(toasts()).toContain('Business hours updated. 1 booking cancelled with a full refund; the customers have been told.');
  });

  it('a booking made meanwhile: the dialog lists it and says the list changed', async () => {
    const later = { ...clash, bookingId: '33333333-3333-4333-8333-333333333333', customerName: 'Kabir Guest' };
    hours((input) => {
      throw conflict((input as { decision?: string }).decision ? [clash, later] : [clash]);
    });
    await act(async () => fireEvent.click(screen.getByTestId('save-hours')));
    const dialog = await screen.findByTestId('hours-clashes-dialog');
    await act(async () => fireEvent.click(within(dialog).getByTestId('hours-keep')));
    expect(await within(dialog).findByTestId('hours-clashes-changed')).toBeTruthy();
    expect(within(dialog).getByTestId('hours-clashes').textContent).toContain('Kabir Guest');
  });

  it('the dialog refuses an over-long reason under the box and sends nothing; keeping ignores the box', async () => {
    const inputs: Record<string, unknown>[] = [];
    hours((input) => {
      inputs.push(input as Record<string, unknown>);
      if (!(input as { decision?: string }).decision) throw conflict([clash]);
      return saved('Business hours updated.', 0);
    });
    await act(async () => fireEvent.click(screen.getByTestId('save-hours')));
    const dialog = await screen.findByTestId('hours-clashes-dialog');
    const reason = within(dialog).getByLabelText('Reason the customers are given if you cancel');
    fireEvent.input(reason, { target: { value: 'x'.repeat(501) } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('hours-cancel-bookings')));
    expect(document.getElementById('hours-cancel-reason-error')?.textContent).toBe('Reason is too long.');
    expect(inputs).toHaveLength(1);
    await act(async () => fireEvent.click(within(dialog).getByTestId('hours-keep')));
    await waitFor(() => expect(screen.queryByTestId('hours-clashes-dialog')).toBeNull());
    expect(inputs[1]).toMatchObject({ decision: 'keep', bookingIds: [BOOKING] });
    expect(inputs[1].cancellationReason).toBeUndefined();
  });

  it('the dialog puts a refusal of the reason under the box, and any other as its own error; it opens again empty', async () => {
    let refusal: { message: string; field: string | null } = {
      message: 'cancellationReason: no links in the reason',
      field: 'cancellationReason',
    };
    hours((input) => {
      if (!(input as { decision?: string }).decision) throw conflict([clash]);
      throw TRPCClientError.from({
        error: { message: refusal.message, code: -32600, data: { httpStatus: 400, code: 'BAD_REQUEST', field: refusal.field } },
      });
    });
    await act(async () => fireEvent.click(screen.getByTestId('save-hours')));
    const dialog = await screen.findByTestId('hours-clashes-dialog');
    const reason = within(dialog).getByLabelText('Reason the customers are given if you cancel');
    fireEvent.input(reason, { target: { value: 'See www.example.com' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('hours-cancel-bookings')));
    await waitFor(() => expect(document.getElementById('hours-cancel-reason-error')?.textContent).toBe('No links in the reason'));
    expect(within(dialog).queryByTestId('hours-clashes-error')).toBeNull();

    refusal = { message: 'These hours cannot be saved now', field: null };
    await act(async () => fireEvent.click(within(dialog).getByTestId('hours-keep')));
    expect((await within(dialog).findByTestId('hours-clashes-error')).textContent).toBe('These hours cannot be saved now');

    await act(async () => fireEvent.click(within(dialog).getByTestId('hours-clashes-back')));
    await act(async () => fireEvent.click(screen.getByTestId('save-hours')));
    const again = await screen.findByTestId('hours-clashes-dialog');
    expect((within(again).getByLabelText('Reason the customers are given if you cancel') as HTMLInputElement).value).toBe('');
    expect(within(again).queryByTestId('hours-clashes-error')).toBeNull();
  });

  it('another refusal is the form’s error, in the server’s words', async () => {
    hours(() => {
      throw TRPCClientError.from({
        error: { message: 'Only the salon can change its hours', code: -32603, data: { httpStatus: 403, code: 'FORBIDDEN' } },
      });
    });
    await act(async () => fireEvent.click(screen.getByTestId('save-hours')));
    expect((await screen.findByTestId('form-error')).textContent).toBe('Only the salon can change its hours');
  });
});

describe('NotificationsSection', () => {
  it('sends each preference as ticked and says it is saved', async () => {
    const { calls } = renderWithTrpc(<NotificationsSection merchant={merchant} merchantId={null} />, {
      'merchants.updateNotificationSettings': () => ({
        success: true,
        message: 'Saved',
        notificationSettings: merchant.notificationSettings,
      }),
    });
    fireEvent.click(screen.getByLabelText(/Marketing/));
    fireEvent.click(screen.getByLabelText(/New bookings/));
    await act(async () => fireEvent.click(screen.getByTestId('save-notifications')));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].input).toEqual({
      preferences: [
        { id: 'newBooking', enabled: false },
        { id: 'marketing', enabled: true },
      ],
    });
    expect((await screen.findByTestId('notifications-banner')).textContent).toBe('Notification settings updated successfully.');
  });

  it('a failure is shown above the preferences', async () => {
    renderWithTrpc(<NotificationsSection merchant={merchant} merchantId={null} />, {
      'merchants.updateNotificationSettings': () => {
        throw new Error('Failed to fetch');
      },
    });
    await act(async () => fireEvent.click(screen.getByTestId('save-notifications')));
    expect((await screen.findByTestId('form-error')).textContent).toBe('Failed to update notification settings. Please try again.');
  });
});
