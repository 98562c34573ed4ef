import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { SendMessageDialog } from '../../src/client/features/crm/MessageDialogs';
import type { CustomerWire, MessageContext } from '../../src/shared/schemas/crm';
import { renderWithTrpc } from './trpcStub';

afterEach(cleanup);

/*
 * The Customers page's message dialog shows what the server says (merchants.getMessageContext):
 * consent, the bookings a message can be about, today's count and the TRAI quiet hours.
 */

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const BOOKING = '22222222-2222-4222-8222-222222222222';
const OLDER = '33333333-3333-4333-8333-333333333333';

const customer: CustomerWire = {
  _id: CUSTOMER,
  source: 'account',
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  avatar: null,
  totalBookings: 2,
  lastVisit: '2026-11-20T05:30:00.000Z',
  nextAppointment: '2026-11-28T05:30:00.000Z',
  memberSince: '2026-01-01T00:00:00.000Z',
  rating: null,
  marketingOptIn: false,
};

function context(over: Partial<MessageContext> = {}): { data: MessageContext } {
  return {
    data: {
      customer: { _id: CUSTOMER, name: 'Asha Rao', source: 'account', marketingOptIn: false },
      promotional: { allowed: false, reason: 'Asha Rao has opted out of offers and news (marketing opt-out)' },
      bookings: [
        {
          _id: OLDER,
          bookingDate: '2026-11-20',
          bookingTime: '11:00 AM',
          startsAt: '2026-11-20T05:30:00.000Z',
          status: 'completed',
          services: ['Hair Spa'],
          upcoming: false,
        },
        {
          _id: BOOKING,
          bookingDate: '2026-11-28',
          bookingTime: '11:00 AM',
          startsAt: '2026-11-28T05:30:00.000Z',
          status: 'upcoming',
          services: ['Haircut', 'Beard Trim'],
          upcoming: true,
        },
      ],
      limit: { perDay: 100, sentToday: 63, remainingToday: 37, day: '2026-11-26' },
      quietHours: { now: false, heldUntil: null, label: null },
      now: '2026-11-26T06:30:00.000Z',
      ...over,
    },
  };
}

function open(ctx: { data: MessageContext }, sent: unknown[] = [], refuse?: () => never) {
  return renderWithTrpc(<SendMessageDialog customer={customer} merchantId={null} onClose={() => undefined} />, {
    'merchants.getMessageTemplates': () => ({ data: [] }),
    'merchants.getMessageContext': () => ctx,
    'merchants.sendCustomerMessage': (input) => {
      sent.push(input);
      refuse?.();
      return { success: true, message: 'Message sent successfully!', queued: [], skipped: [], remainingToday: 36 };
    },
    'merchants.getSentMessages': () => ({ data: [] }),
  });
}

describe('SendMessageDialog: consent and limits from the server', () => {
  it('opted out: promotional is disabled with the reason; the message names the chosen booking; "37 of 100 left today"', async () => {
    const sent: unknown[] = [];
    open(context(), sent);
    const dialog = await screen.findByTestId('send-message-dialog');
    await within(dialog).findByTestId('messages-left');
    expect(within(dialog).getByTestId('messages-left').textContent).toBe('37 of 100 left today');
    const promo = within(dialog).getByTestId('category-promotional').querySelector('input')!;
    expect(promo.disabled).toBe(true);
    expect(within(dialog).getByTestId('category-promotional-detail').textContent).toBe(
      'Asha Rao has opted out of offers and news (marketing opt-out)',
    );
    expect((within(dialog).getByTestId('category-transactional').querySelector('input') as HTMLInputElement).checked).toBe(true);
    const picker = within(dialog).getByLabelText('Booking') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      '20 Nov 2026 at 11:00 AM · Hair Spa',
      '28 Nov 2026 at 11:00 AM · Haircut, Beard Trim · upcoming',
    ]);
    fireEvent.change(picker, { target: { value: BOOKING } });
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Your visit' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'See you on Saturday' } });
    fireEvent.click(within(dialog).getByTestId('send-message'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ customerId: CUSTOMER, category: 'transactional', bookingId: BOOKING, channels: ['email'] });
    expect(screen.queryByTestId('quiet-hours-notice')).toBeNull();
  });

  it('opted in, in the quiet hours: a promotional SMS says it is held until 9:00 am', async () => {
    const sent: unknown[] = [];
    open(
      context({
        customer: { _id: CUSTOMER, name: 'Asha Rao', source: 'account', marketingOptIn: true },
        promotional: { allowed: true, reason: null },
        bookings: [],
        quietHours: { now: true, heldUntil: '2026-11-27T03:30:00.000Z', label: 'Held until 9:00 am (TRAI quiet hours)' },
      }),
      sent,
    );
    const dialog = await screen.findByTestId('send-message-dialog');
    await within(dialog).findByTestId('messages-left');
    // No booking to write about: promotional is chosen, and about a booking cannot be.
    expect((within(dialog).getByTestId('category-transactional').querySelector('input') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByTestId('category-promotional').querySelector('input') as HTMLInputElement).checked).toBe(true);
    // E-mail alone is not bound by the quiet hours.
    expect(screen.queryByTestId('quiet-hours-notice')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText(/^SMS/));
    expect(within(dialog).getByTestId('quiet-hours-notice').textContent).toBe(
      'Promotional SMS and WhatsApp are not sent from 9 pm to 9 am India time: this one is held until 9:00 am (TRAI quiet hours). The e-mail goes now.',
    );
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Offer' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: '20% off this week' } });
    fireEvent.click(within(dialog).getByTestId('send-message'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ category: 'promotional', channels: ['email', 'sms'] });
    expect((sent[0] as { bookingId?: string }).bookingId).toBeUndefined();
  });

  it('refuses to send once the day’s limit is used up, and when nothing may be sent', async () => {
    open(context({ limit: { perDay: 100, sentToday: 100, remainingToday: 0, day: '2026-11-26' } }));
    const dialog = await screen.findByTestId('send-message-dialog');
    await within(dialog).findByTestId('messages-left');
    expect(within(dialog).getByTestId('messages-left').textContent).toBe('Daily limit reached: 100 of 100 messages sent today');
    expect((within(dialog).getByTestId('send-message') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    open(context({ bookings: [] }));
    const again = await screen.findByTestId('send-message-dialog');
    await within(again).findByTestId('nothing-allowed');
    expect((within(again).getByTestId('send-message') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('SendMessageDialog: the form', () => {
  const errorOf = (box: HTMLElement) =>
    document.getElementById(
      box
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('-error')) ?? '',
    )?.textContent;

  it('says what is missing under each field and sends nothing: an e-mail needs a subject, a message its text', async () => {
    const sent: unknown[] = [];
    open(context(), sent);
    const dialog = await screen.findByTestId('send-message-dialog');
    await within(dialog).findByTestId('messages-left');
    await act(async () => fireEvent.click(within(dialog).getByTestId('send-message')));
    expect(errorOf(within(dialog).getByLabelText('Subject'))).toBe('An e-mail needs a subject.');
    expect(errorOf(within(dialog).getByLabelText('Message'))).toBe('Please select at least one contact method and enter a message.');
    // Fixed, the error goes as the field is edited.
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Your visit' } });
    await waitFor(() => expect(errorOf(within(dialog).getByLabelText('Subject'))).toBeUndefined());
    expect(sent).toHaveLength(0);
  });

  it('counts the SMS as the customer reads it: too long once filled in is refused before sending', async () => {
    const sent: unknown[] = [];
    open(context(), sent);
    const dialog = await screen.findByTestId('send-message-dialog');
    await within(dialog).findByTestId('messages-left');
    fireEvent.click(within(dialog).getByLabelText(/^Email/));
    fireEvent.click(within(dialog).getByLabelText(/^SMS/));
    // 156 + a space + 'Asha' (the first name) = 161 once filled in.
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: `${'x'.repeat(156)} {customer_name}` } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('send-message')));
    expect(errorOf(within(dialog).getByLabelText('Message'))).toBe('SMS message cannot exceed 160 characters');
    expect(sent).toHaveLength(0);
  });

  it("a refusal naming a field goes under it, in the server's words", async () => {
    const sent: unknown[] = [];
    open(context(), sent, () => {
      throw TRPCClientError.from({
        error: {
          message: 'subject: an e-mail needs a subject',
          code: -32600,
          data: { httpStatus: 400, code: 'BAD_REQUEST', field: 'subject' },
        },
      });
    });
    const dialog = await screen.findByTestId('send-message-dialog');
    await within(dialog).findByTestId('messages-left');
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: '{merchant_name}' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Hello' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('send-message')));
    await waitFor(() => expect(errorOf(within(dialog).getByLabelText('Subject'))).toBe('An e-mail needs a subject'));
    expect(sent).toHaveLength(1);
  });
});
