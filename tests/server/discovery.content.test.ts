import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let admin: Actor;
let customer: Actor;
let merchant: Actor;

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await makeAccount(rt, 'admin');
  customer = await makeAccount(rt, 'customer');
  merchant = await makeAccount(rt, 'merchant');
});
afterAll(async () => {
  await rt?.close();
});

const body = { title: 'Easy booking', content: 'Booked a facial in two taps.', name: 'Asha K', rating: 5 };

describe('testimonials', () => {
  it('admins create, read, update and delete; everyone reads the list', async () => {
    const { testimonial } = await rt.caller(admin).testimonials.createTestimonials(body);
    expect(testimonial).toMatchObject({ ...body, _id: expect.any(String), avatar: null, createdAt: expect.any(String) });
    const list = await rt.caller(null).testimonials.getTestimonials({});
    expect(list).toContainEqual(testimonial);

    expect((await rt.caller(admin).testimonials.getTestimonialById({ id: testimonial._id })).testimonial).toEqual(testimonial);
    const updated = await rt.caller(admin).testimonials.updateTestimonial({ id: testimonial._id, rating: 4, avatar: '/uploads/a.png' });
    expect(updated.testimonial).toMatchObject({ ...body, rating: 4, avatar: '/uploads/a.png' });

    await rt.caller(admin).testimonials.deleteTestimonial({ id: testimonial._id });
    expect((await rt.caller(null).testimonials.getTestimonials({})).map((t) => t._id)).not.toContain(testimonial._id);
    await expect(rt.caller(admin).testimonials.getTestimonialById({ id: testimonial._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(admin).testimonials.deleteTestimonial({ id: testimonial._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('customers and merchants may not manage them (403), visitors must sign in (401)', async () => {
    const { testimonial } = await rt.caller(admin).testimonials.createTestimonials(body);
    for (const actor of [customer, merchant]) {
      const c = rt.caller(actor);
      await expect(c.testimonials.createTestimonials(body)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(c.testimonials.getTestimonialById({ id: testimonial._id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(c.testimonials.updateTestimonial({ id: testimonial._id, rating: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(c.testimonials.deleteTestimonial({ id: testimonial._id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(rt.caller(null).testimonials.createTestimonials(body)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const row = await rt.deps.db.selectFrom('testimonials').select('rating').where('id', '=', testimonial._id).executeTakeFirstOrThrow();
    expect(row.rating).toBe(5);
  });

  it('validates the fields', async () => {
    await expect(rt.caller(admin).testimonials.createTestimonials({ ...body, rating: 6 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('rating'),
    });
    await expect(rt.caller(admin).testimonials.createTestimonials({ ...body, title: '  ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('title'),
    });
  });
});

describe('newsletter', () => {
  it('stores a new address once, lower-cased', async () => {
    const r = await rt.caller(null).newsletter.subscribe({ email: '  Reader@Example.IN ' });
    expect(r).toEqual({ message: 'Thank you for subscribing!' });
    expect(await rt.caller(null).newsletter.subscribe({ email: 'reader@example.in' })).toEqual({ message: 'Thank you for subscribing!' });
    const rows = await rt.deps.db.selectFrom('newsletter_subscribers').selectAll().where('email', 'like', 'reader@%').execute();
    expect(rows.map((x) => x.email)).toEqual(['reader@example.in']);
  });

  it('rejects an empty or invalid address with the form messages', async () => {
    await expect(rt.caller(null).newsletter.subscribe({ email: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'email: Please enter your email',
    });
    await expect(rt.caller(null).newsletter.subscribe({ email: 'not-an-email' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'email: Please enter a valid email',
    });
  });
});
