import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Marketing from '../../src/client/pages/merchant/Marketing';
import { renderWithTrpc } from './trpcStub';

afterEach(cleanup);

describe('Marketing: analytics (issue 30 item 3)', () => {
  it('offline, shows no rate and says the texts are queued and the e-mails not sent', async () => {
    const offline = () => {
      const m = marketing();
      m.data.analytics.sms.queued = 4;
      m.data.analytics.email.notSent = 2;
      return m;
    };
    renderWithTrpc(<Marketing />, { 'marketing.getMarketing': offline });
    await screen.findByTestId('analytics-sms');
    expect(screen.getByTestId('analytics-sms-value').textContent).toBe('—');
    expect(screen.getByTestId('analytics-sms-detail').textContent).toBe('No SMS provider configured: 4 texts queued, none sent');
    expect(screen.getByTestId('analytics-email-detail').textContent).toBe(
      'No SMTP configured: 2 e-mails written to the local mail drop, none sent',
    );
    expect(screen.queryByText(/Social Engagement/)).toBeNull();
  });
});

const counts = { all: 3, active: 2, inactive: 1 };
const marketing = () => ({
  data: {
    segments: { customers: 4, email: counts, sms: counts },
    campaigns: [],
    social: [],
    analytics: {
      emailOpenRate: null,
      smsDeliveryRate: null,
      conversionRate: null,
      emailProvider: false,
      smsProvider: false,
      email: { queued: 0, sent: 0, delivered: 0, failed: 0, notSent: 0 },
      sms: { queued: 0, sent: 0, delivered: 0, failed: 0, notSent: 0 },
    },
  },
});

async function renderMarketing() {
  const view = renderWithTrpc(<Marketing />, { 'marketing.getMarketing': marketing });
  await screen.findByTestId('email-campaign-form');
  return view;
}

describe('Marketing: SMS form', () => {
  it('says the SMS is too long while it is, not only on a submit that is disabled', async () => {
    await renderMarketing();
    const form = screen.getByTestId('sms-campaign-form');
    expect(within(form).queryByText('SMS message cannot exceed 160 characters')).toBeNull();
    fireEvent.change(within(form).getByLabelText(/Message/), { target: { value: 'x'.repeat(161) } });
    expect(within(form).getByTestId('sms-too-long').textContent).toBe('SMS message cannot exceed 160 characters');
    expect(within(form).getByTestId('sms-counter').textContent).toContain('161/160');
    expect((within(form).getByTestId('sms-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/Message/), { target: { value: 'x'.repeat(160) } });
    expect(within(form).queryByTestId('sms-too-long')).toBeNull();
    expect((within(form).getByTestId('sms-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks for the message before calling the server', async () => {
    const { calls } = await renderMarketing();
    const form = screen.getByTestId('sms-campaign-form');
    fireEvent.click(within(form).getByTestId('sms-send'));
    expect(await within(form).findByText('Message is required.')).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain('marketing.createCampaign');
  });
});

describe('Marketing: e-mail campaign form', () => {
  it('names every missing field and sends nothing while the form is empty', async () => {
    const { calls } = await renderMarketing();
    const form = screen.getByTestId('email-campaign-form');
    fireEvent.click(within(form).getByTestId('email-send'));
    expect(await within(form).findByText('Campaign name is required.')).toBeTruthy();
    expect(within(form).getByText('Subject is required.')).toBeTruthy();
    expect(within(form).getByText('Message is required.')).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain('marketing.createCampaign');
  });

  it('clears a field’s message as it is filled and sends once everything is there', async () => {
    const { calls } = renderWithTrpc(<Marketing />, {
      'marketing.getMarketing': marketing,
      'marketing.createCampaign': () => ({
        data: {
          _id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
          channel: 'email',
          name: 'Diwali offer',
          subject: '20% off',
          body: 'Hello {customer_name}',
          segment: 'all',
          status: 'sending',
          recipients: 0,
          queued: 0,
          sent: 0,
          delivered: 0,
          failed: 0,
          notSent: 0,
          opened: 0,
          bookingsAfter: 0,
          heldUntil: null,
          createdAt: '2026-11-01T10:00:00.000Z',
          startedAt: '2026-11-01T10:00:00.000Z',
        },
        message: 'Campaign created successfully!',
      }),
    });
    const form = await screen.findByTestId('email-campaign-form');
    fireEvent.click(within(form).getByTestId('email-send'));
    await within(form).findByText('Campaign name is required.');
    fireEvent.change(within(form).getByLabelText(/Campaign name/), { target: { value: 'Diwali offer' } });
    // Checked again as it changes (react-hook-form's resolver answers asynchronously).
    await waitFor(() => expect(within(form).queryByText('Campaign name is required.')).toBeNull());
    expect(within(form).getByText('Subject is required.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Subject/), { target: { value: '20% off' } });
    fireEvent.change(within(form).getByLabelText(/Message/), { target: { value: 'Hello {customer_name}' } });
    fireEvent.click(within(form).getByTestId('email-send'));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('marketing.createCampaign'));
    const sent = calls.find((c) => c.path === 'marketing.createCampaign')!.input;
    expect(sent).toMatchObject({
      channel: 'email',
      name: 'Diwali offer',
      subject: '20% off',
      body: 'Hello {customer_name}',
      segment: 'all',
    });
  });
});
