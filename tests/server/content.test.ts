import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let admin: Actor;
let customer: Actor;
beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await makeAccount(rt, 'admin');
  customer = await makeAccount(rt, 'customer');
});
afterAll(async () => {
  await rt.close();
});

const body = 'A long enough article body about hair and skin care in the monsoon.';

describe('blogs', () => {
  it('only admins write; every write is audited', async () => {
    await expect(rt.caller(customer).blogs.createBlog({ title: 'Nope', body })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(null).blogs.createBlog({ title: 'Nope', body })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const made = await rt
      .caller(admin)
      .blogs.createBlog({ title: 'Monsoon Hair: 7 Tips!', body, tags: ['Hair', 'hair'], status: 'published' });
    expect(made.blog).toMatchObject({ slug: 'monsoon-hair-7-tips', tags: ['hair'], status: 'published', readMinutes: 1 });
    expect(made.blog.publishedAt).not.toBeNull();
    await expect(rt.caller(customer).blogs.updateBlog({ id: made.blog._id, title: 'x y z' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(customer).blogs.deleteBlog({ id: made.blog._id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const audit = await rt.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', made.blog._id).execute();
    expect(audit.map((a) => a.action)).toEqual(['blogs.create']);
  });

  it('hides drafts from the public, by list and by id; admins see them', async () => {
    const draft = await rt.caller(admin).blogs.createBlog({ title: 'Secret draft post', body });
    const list = await rt.caller(null).blogs.getAllBlogs({});
    expect(list.blogs.map((b) => b._id)).not.toContain(draft.blog._id);
    await expect(rt.caller(customer).blogs.getBlogById({ id: draft.blog._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(customer).blogs.getAllBlogs({ status: 'all' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const all = await rt.caller(admin).blogs.getAllBlogs({ status: 'all' });
    expect(all.blogs.map((b) => b._id)).toContain(draft.blog._id);
    expect((await rt.caller(admin).blogs.getBlogById({ id: draft.blog.slug })).blog.status).toBe('draft');
  });

  it('publishing sets the date once; unpublishing clears it; slugs stay unique; delete removes', async () => {
    const a = await rt.caller(admin).blogs.createBlog({ title: 'Same title here', body });
    const b = await rt.caller(admin).blogs.createBlog({ title: 'Same title here', body });
    expect(b.blog.slug).toBe(`${a.blog.slug}-2`);
    const pub = await rt.caller(admin).blogs.updateBlog({ id: a.blog._id, status: 'published' });
    expect(pub.blog.publishedAt).not.toBeNull();
    expect((await rt.caller(null).blogs.getBlogById({ id: a.blog.slug })).blog.title).toBe('Same title here');
    const unpub = await rt.caller(admin).blogs.updateBlog({ id: a.blog._id, status: 'draft' });
    expect(unpub.blog.publishedAt).toBeNull();
    await rt.caller(admin).blogs.deleteBlog({ id: b.blog._id });
    await expect(rt.caller(admin).blogs.getBlogById({ id: b.blog._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('searches and filters by tag; validates with field names', async () => {
    await rt.caller(admin).blogs.createBlog({ title: 'Bridal glow plan', body: `${body} bridal`, tags: ['bridal'], status: 'published' });
    expect((await rt.caller(null).blogs.getAllBlogs({ tag: 'bridal' })).blogs.map((x) => x.title)).toEqual(['Bridal glow plan']);
    expect((await rt.caller(null).blogs.getAllBlogs({ search: 'glow plan' })).total).toBe(1);
    await expect(rt.caller(admin).blogs.createBlog({ title: 'ok title', body: 'short' })).rejects.toMatchObject({
      message: 'body: at least 20 characters',
    });
    await expect(rt.caller(admin).blogs.createBlog({ title: 'ok title', body, coverImage: 'javascript:alert(1)' })).rejects.toMatchObject({
      message: expect.stringMatching(/^coverImage: /),
    });
  });
});

describe('support/createContactUs', () => {
  it('stores a guest’s contact message and acknowledges it by e-mail', async () => {
    const r = await rt.caller(null).support.createContactUs({
      name: 'Asha',
      email: 'asha@example.in',
      subject: 'Refund question',
      message: 'When does my refund arrive?',
    });
    expect(r.data).toMatchObject({ kind: 'contact', status: 'open', type: 'General' });
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .select('subject')
      .where('recipient', '=', 'asha@example.in')
      .executeTakeFirstOrThrow();
    // The acknowledgement names the message by its number, not by the sender's words.
    expect(mail.subject).toBe(`We received your message #${r.message.match(/#([0-9A-F]{8})/)![1]}`);
  });

  it('tickets need a signed-in caller; a merchant writes only for its own salon; each sees only their own', async () => {
    const m = await makeAccount(rt, 'merchant');
    const other = await makeAccount(rt, 'merchant');
    const ticket = {
      name: 'Owner',
      email: m.email,
      subject: 'Payout',
      message: 'My payout did not arrive this week.',
      type: 'Merchant Support',
      category: 'billing',
      priority: 'high',
    };
    await expect(rt.caller(null).support.createContactUs(ticket)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(rt.caller(m).support.createContactUs({ ...ticket, merchantId: other.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const r = await rt.caller(m).support.createContactUs({ ...ticket, merchantId: m.id });
    expect(r.data).toMatchObject({ kind: 'ticket', priority: 'high', category: 'billing' });
    expect((await rt.caller(m).support.getSupportMessages({})).data.map((x) => x._id)).toEqual([r.data._id]);
    expect((await rt.caller(other).support.getSupportMessages({})).data).toEqual([]);
  });

  it('a ticket sent without a priority is a ticket of medium priority; a priority without a category is refused', async () => {
    const m = await makeAccount(rt, 'merchant');
    const base = {
      name: 'Owner',
      email: m.email,
      subject: 'Invoices',
      message: 'Where do I find last month’s invoice?',
      type: 'Merchant Support',
      merchantId: m.id,
    };
    const r = await rt.caller(m).support.createContactUs({ ...base, category: 'billing' });
    expect(r.data).toMatchObject({ kind: 'ticket', category: 'billing', priority: 'medium', status: 'open' });
    await expect(rt.caller(m).support.createContactUs({ ...base, priority: 'high' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^category: /),
    });
    const contact = await rt.caller(m).support.createContactUs(base);
    expect(contact.data).toMatchObject({ kind: 'contact', priority: null, category: null });
  });

  it('ticket lifecycle: open → answered (reply e-mailed and shown to the owner) → closed', async () => {
    const m = await makeAccount(rt, 'merchant');
    const t = await rt.caller(m).support.createContactUs({
      name: 'Owner',
      email: m.email,
      subject: 'QR scanner',
      message: 'The scanner does not open on my tablet.',
      type: 'Merchant Support',
      category: 'technical',
      priority: 'medium',
      merchantId: m.id,
    });
    expect(t.data.status).toBe('open');
    await rt.caller(admin).admin.replyFeedback({ id: t.data._id, reply: 'Please allow camera access in the browser settings.' });
    let mine = (await rt.caller(m).support.getSupportMessages({})).data[0];
    expect(mine).toMatchObject({ status: 'pending', reply: 'Please allow camera access in the browser settings.' });
    await rt.caller(admin).admin.closeFeedback({ id: t.data._id });
    mine = (await rt.caller(m).support.getSupportMessages({})).data[0];
    expect(mine.status).toBe('closed');
    const actions = (await rt.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', t.data._id).execute()).map(
      (a) => a.action,
    );
    expect(actions.length).toBeGreaterThanOrEqual(2);
  });
});
