import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { BroadcastForm } from '../../src/client/features/admin/Broadcast';
import { LocationsSection } from '../../src/client/features/admin/LocationsSection';
import { TestimonialsSection } from '../../src/client/features/admin/TestimonialsSection';
import EmailSettings from '../../src/client/pages/admin/EmailSettings';
import Feedback from '../../src/client/pages/admin/Feedback';
import ServiceManagement from '../../src/client/pages/admin/ServiceManagement';
import { appStore } from '../../src/client/state/session';
import { toast, toastsAtom } from '../../src/client/state/toast';
import { renderWithTrpc } from './trpcStub';

// happy-dom has no HTMLSelectElement.size (0 in browsers); react-hook-form reads it to tell a box
// the person changed before the form was ready, and without it keeps a select's first option.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', { configurable: true, get: () => 0 });
}

afterEach(() => {
  cleanup();
  toast.clear();
});

/*
 * The admin area's forms on react-hook-form with the server's schemas: each mistake under its
 * field and nothing sent; a modal starts from what it edits each time it opens.
 */

const ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OTHER = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const sent = (calls: { path: string; input: unknown }[], path: string) => calls.filter((c) => c.path === path).map((c) => c.input);
const errorOf = (box: HTMLElement) => document.getElementById(`${box.id}-error`)?.textContent;
const toasts = () => appStore.get(toastsAtom).map((t) => t.message);
const click = (el: HTMLElement) => act(async () => fireEvent.click(el));
const refusal = (message: string, field?: string) =>
  TRPCClientError.from({ error: { message, code: -32600, data: { httpStatus: 400, code: 'BAD_REQUEST', field: field ?? null } } });

describe('Featured locations', () => {
  const location = {
    _id: ID,
    name: 'Koregaon Park',
    city: 'Pune',
    state: 'Maharashtra',
    kind: 'locality',
    lat: 18.5,
    lng: 73.9,
    sortOrder: 3,
  };

  it('needs a city; a locality makes it a locality of that city; the form empties once it is featured', async () => {
    const { calls } = renderWithTrpc(<LocationsSection />, {
      'admin.featuredLocations': () => ({ locations: [] }),
      'admin.addFeaturedLocation': () => ({ location }),
    });
    await click(screen.getByTestId('location-add'));
    expect(errorOf(screen.getByLabelText(/^City/))).toBe('Name the city');
    expect(sent(calls, 'admin.addFeaturedLocation')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: ' Pune ' } });
    fireEvent.change(screen.getByLabelText('Locality (optional)'), { target: { value: 'Koregaon Park' } });
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: '3' } });
    await click(screen.getByTestId('location-add'));
    await waitFor(() => expect(sent(calls, 'admin.addFeaturedLocation')).toHaveLength(1));
    expect(sent(calls, 'admin.addFeaturedLocation')[0]).toEqual({ city: 'Pune', name: 'Koregaon Park', kind: 'locality', sortOrder: 3 });
    await waitFor(() => expect(toasts()).toContain('Koregaon Park is featured.'));
    expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe('');
  });

  it('a city alone features the whole city; the server refusing it shows under City', async () => {
    const { calls } = renderWithTrpc(<LocationsSection />, {
      'admin.featuredLocations': () => ({ locations: [] }),
      'admin.addFeaturedLocation': () => {
        throw refusal('city: this city was not found; check its spelling or give the coordinates (lat, lng)', 'city');
      },
    });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Qwertyville' } });
    await click(screen.getByTestId('location-add'));
    await waitFor(() => expect(errorOf(screen.getByLabelText(/^City/))).toMatch(/^This city was not found; check its spelling/));
    expect(sent(calls, 'admin.addFeaturedLocation')[0]).toEqual({ city: 'Qwertyville', name: 'Qwertyville', kind: 'city' });
    expect(within(screen.getByTestId('location-form')).getAllByRole('alert')).toHaveLength(1);
  });

  it('removing one names it in the toast', async () => {
    renderWithTrpc(<LocationsSection />, {
      'admin.featuredLocations': () => ({ locations: [location] }),
      'admin.removeFeaturedLocation': () => ({ message: 'Location removed from the featured list' }),
    });
    await click(await screen.findByRole('button', { name: 'Remove Koregaon Park' }));
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts()).toContain('Koregaon Park removed.'));
  });
});

describe('Testimonials', () => {
  const quote = {
    _id: ID,
    title: 'Best haircut',
    content: 'Lovely staff.',
    name: 'Asha Rao',
    createdAt: '2026-01-01T00:00:00.000Z',
    avatar: null,
    rating: 4,
  };

  it('edits one from its values, sends the rating as a number; a new one then starts empty', async () => {
    const { calls } = renderWithTrpc(<TestimonialsSection />, {
      'testimonials.getTestimonials': () => [quote],
      'testimonials.updateTestimonial': () => ({ testimonial: quote }),
    });
    await click(await screen.findByRole('button', { name: 'Edit testimonial by Asha Rao' }));
    const modal = screen.getByTestId('testimonial-modal');
    expect((within(modal).getByLabelText(/^Headline/) as HTMLInputElement).value).toBe('Best haircut');
    fireEvent.change(within(modal).getByLabelText('Rating'), { target: { value: '5' } });
    fireEvent.change(within(modal).getByLabelText(/^Headline/), { target: { value: 'Best haircut in Pune' } });
    await click(screen.getByTestId('testimonial-save'));
    await waitFor(() => expect(screen.queryByTestId('testimonial-modal')).toBeNull());
    expect(sent(calls, 'testimonials.updateTestimonial')[0]).toEqual({
      id: ID,
      title: 'Best haircut in Pune',
      content: 'Lovely staff.',
      name: 'Asha Rao',
      rating: 5,
      avatar: null,
    });
    expect(toasts()).toContain('Testimonial updated.');
    await click(screen.getByTestId('add-testimonial'));
    expect((within(screen.getByTestId('testimonial-modal')).getByLabelText(/^Headline/) as HTMLInputElement).value).toBe('');
  });

  it('says what is missing under each field and sends nothing', async () => {
    const { calls } = renderWithTrpc(<TestimonialsSection />, { 'testimonials.getTestimonials': () => [] });
    await click(screen.getByTestId('add-testimonial'));
    await click(screen.getByTestId('testimonial-save'));
    const modal = screen.getByTestId('testimonial-modal');
    expect(errorOf(within(modal).getByLabelText(/^Customer name/))).toBe('Name is required.');
    expect(errorOf(within(modal).getByLabelText(/^Headline/))).toBe('Title is required.');
    expect(errorOf(within(modal).getByLabelText(/^What they said/))).toBe('Content is required.');
    expect(sent(calls, 'testimonials.createTestimonials')).toHaveLength(0);
  });
});

describe('Broadcast', () => {
  it('says what is missing; once sent, the title and message clear and the audience and push stay', async () => {
    const { calls } = renderWithTrpc(<BroadcastForm pushDefault />, {
      'admin.broadcast': () => ({ recipients: 12, pushSubscriptions: 3, message: 'Sent to 12 accounts.' }),
    });
    await click(screen.getByTestId('broadcast-send'));
    expect(errorOf(screen.getByLabelText(/^Title/))).toBe('Write a title');
    expect(errorOf(screen.getByLabelText(/^Message/))).toBe('Write the message');
    fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'customers' } });
    expect(screen.getByTestId('broadcast-send').textContent).toBe('Send to customers');
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Festive hours' } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Open till 10 PM.' } });
    fireEvent.change(screen.getByLabelText('Link (optional)'), { target: { value: 'salons' } });
    await click(screen.getByTestId('broadcast-send'));
    expect(errorOf(screen.getByLabelText('Link (optional)'))).toBe('Use a path inside the app, starting with /');
    fireEvent.change(screen.getByLabelText('Link (optional)'), { target: { value: '/salons' } });
    await click(screen.getByTestId('broadcast-send'));
    await waitFor(() => expect(sent(calls, 'admin.broadcast')).toHaveLength(1));
    expect(sent(calls, 'admin.broadcast')[0]).toEqual({
      title: 'Festive hours',
      message: 'Open till 10 PM.',
      audience: 'customers',
      push: true,
      link: '/salons',
    });
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Send to') as HTMLSelectElement).value).toBe('customers');
    expect((screen.getByLabelText(/Also send as a push notification/) as HTMLInputElement).checked).toBe(true);
    expect(toasts()).toContain('Sent to 12 accounts.');
  });
});

describe('Email templates', () => {
  const template = (subject: string, updatedAt: string) => ({
    key: 'salon_approved',
    description: 'Sent when a salon is published.',
    subject,
    body: 'Hello {{shopName}}',
    placeholders: ['shopName'],
    updatedAt,
  });

  it('saves only a change; Discard puts the saved text back; the saved version is then the clean one', async () => {
    let current = template('{{shopName}} is now live', '2026-01-01T00:00:00.000Z');
    const { calls } = renderWithTrpc(<EmailSettings />, {
      'admin.outbox': () => ({ messages: [], total: 0, page: 1, limit: 20, paging: { page: 1, limit: 20, total: 0, hasMore: false } }),
      'admin.emailTemplates': () => ({ templates: [current] }),
      'admin.updateEmailTemplate': (input) => {
        current = template((input as { subject: string }).subject, '2026-02-01T00:00:00.000Z');
        return { template: current };
      },
    });
    await click(screen.getByTestId('email-tab-templates'));
    const subject = (await screen.findByLabelText(/^Subject/)) as HTMLInputElement;
    const save = screen.getByTestId('template-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(subject, { target: { value: 'Changed' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    await click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(subject.value).toBe('{{shopName}} is now live');
    await waitFor(() => expect(save.disabled).toBe(true));
    fireEvent.change(subject, { target: { value: '' } });
    await click(save);
    expect(errorOf(subject)).toBe('Write a subject');
    fireEvent.change(subject, { target: { value: 'Good news: {{shopName}} is now live' } });
    await click(screen.getByTestId('template-save'));
    await waitFor(() =>
      expect(sent(calls, 'admin.updateEmailTemplate')).toEqual([
        { key: 'salon_approved', subject: 'Good news: {{shopName}} is now live', body: 'Hello {{shopName}}' },
      ]),
    );
    await waitFor(() => expect((screen.getByTestId('template-save') as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('Good news: {{shopName}} is now live');
    expect(toasts()).toContain('Template saved.');
  });
});

describe('Categories catalogue', () => {
  const category = { _id: ID, name: 'Hair', shopCategory: ['spa'], image: null, icon: null, sortOrder: 2 };

  it('edits a category from its values and sends cleared pictures as null; a server refusal naming a field goes under it', async () => {
    let refuse = true;
    const { calls } = renderWithTrpc(<ServiceManagement />, {
      'categories.getSpecificCategoryToSelect': () => ({ data: [category] }),
      'categories.listCategories': () => [],
      'categories.updateCategory': () => {
        if (refuse) throw refusal('Category name is already taken.', 'name');
        return { category };
      },
    });
    await click(await screen.findByRole('button', { name: 'Edit Hair' }));
    const modal = screen.getByTestId('category-modal');
    expect((within(modal).getByLabelText(/^Shop type/) as HTMLSelectElement).value).toBe('spa');
    expect((within(modal).getByLabelText('Sort order') as HTMLInputElement).value).toBe('2');
    await click(screen.getByTestId('category-save'));
    await waitFor(() => expect(errorOf(within(modal).getByLabelText(/^Name/))).toBe('Category name is already taken.'));
    refuse = false;
    fireEvent.change(within(modal).getByLabelText(/^Name/), { target: { value: 'Hair care' } });
    await click(screen.getByTestId('category-save'));
    await waitFor(() => expect(screen.queryByTestId('category-modal')).toBeNull());
    expect(sent(calls, 'categories.updateCategory')[1]).toEqual({
      id: ID,
      name: 'Hair care',
      shopCategory: 'spa',
      sortOrder: 2,
      image: null,
      icon: null,
    });
    expect(toasts()).toContain('Category updated.');
  });
});

describe('Feedback reply', () => {
  const message = {
    _id: ID,
    kind: 'contact',
    name: 'Asha Rao',
    email: 'asha@example.in',
    subject: 'Invoice',
    message: 'Please add my GSTIN.',
    status: 'open',
    type: 'general',
    category: null,
    priority: null,
    bookingId: null,
    userId: null,
    merchantId: null,
    reply: null,
    repliedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('needs an answer; sends it and names the recipient; the next reply starts empty', async () => {
    const { calls } = renderWithTrpc(<Feedback />, {
      'admin.listFeedback': () => ({
        messages: [message, { ...message, _id: OTHER, name: 'Ravi' }],
        total: 2,
        page: 1,
        limit: 15,
        paging: { page: 1, limit: 15, total: 2, hasMore: false },
      }),
      'admin.replyFeedback': () => ({ message: { ...message, reply: 'Done', status: 'pending' } }),
    });
    const [first, second] = await screen.findAllByTestId('reply-feedback');
    await click(first);
    await click(screen.getByTestId('reply-send'));
    expect(errorOf(screen.getByLabelText(/^Your reply/))).toBe('Write the answer');
    fireEvent.change(screen.getByLabelText(/^Your reply/), { target: { value: 'We reissued the invoice.' } });
    await click(screen.getByTestId('reply-send'));
    await waitFor(() => expect(screen.queryByTestId('reply-modal')).toBeNull());
    expect(sent(calls, 'admin.replyFeedback')).toEqual([{ id: ID, reply: 'We reissued the invoice.' }]);
    expect(toasts()).toContain('Reply sent to asha@example.in.');
    await click(second);
    expect((screen.getByLabelText(/^Your reply/) as HTMLTextAreaElement).value).toBe('');
  });
});
