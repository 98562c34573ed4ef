import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createMailDropTransport } from '../../src/server/adapters/messaging/email.js';
import { createOutboxTransport, createWhatsAppCloudTransport } from '../../src/server/adapters/messaging/sms.js';

describe('WhatsApp Cloud transport', () => {
  it('sends the outbox id as the idempotency reference on every try, so the provider can drop a repeat', async () => {
    const calls: { headers: Record<string, string>; body: Record<string, unknown> }[] = [];
    let fail = true;
    const fakeFetch = (async (_url: string, init?: RequestInit) => {
      calls.push({ headers: init!.headers as Record<string, string>, body: JSON.parse(String(init!.body)) });
      if (fail) {
        fail = false;
        return new Response('upstream timeout', { status: 503 });
      }
      return new Response(JSON.stringify({ messages: [{ id: 'wamid.1' }] }), { status: 200 });
    }) as typeof fetch;
    const t = createWhatsAppCloudTransport({ token: 't', phoneNumberId: '123' }, fakeFetch);
    const message = {
      id: '6f1c2a4e-0000-4000-8000-000000000001',
      channel: 'whatsapp' as const,
      to: '+919876543210',
      subject: null,
      body: 'Hi',
      meta: {},
    };
    await expect(t.send(message)).rejects.toThrow(/503/);
    expect(await t.send(message)).toEqual({ providerId: 'wamid.1' });
    expect(calls.map((c) => c.body.biz_opaque_callback_data)).toEqual([message.id, message.id]);
    expect(calls.map((c) => c.headers['Idempotency-Key'])).toEqual([message.id, message.id]);
    expect(calls[0].body).toMatchObject({ messaging_product: 'whatsapp', to: '919876543210', type: 'text', text: { body: 'Hi' } });
  });

  it('a 4xx is permanent (not retried), a 429 is not', async () => {
    const answer = (status: number) =>
      createWhatsAppCloudTransport({ token: 't', phoneNumberId: '1' }, (async () => new Response('no', { status })) as typeof fetch);
    const message = { id: 'x', channel: 'whatsapp' as const, to: '+919876543210', subject: null, body: 'Hi', meta: {} };
    await expect(answer(400).send(message)).rejects.toMatchObject({ permanent: true });
    await expect(answer(429).send(message)).rejects.not.toMatchObject({ permanent: true });
  });
});

describe('offline mail drop', () => {
  it('writes each e-mail as an .eml file, and makes the folder again when it was removed while running', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gb-drop-')), 'mail');
    const drop = createMailDropTransport(dir, 'GlowBook <no-reply@glowbook.in>');
    const message = (n: number) => ({
      id: `6f1c2a4e-0000-4000-8000-00000000000${n}`,
      channel: 'email' as const,
      to: 'asha@example.in',
      subject: `Booking ${n}`,
      body: `Hello ${n}`,
      meta: {},
    });
    const first = await drop.send(message(1));
    expect(fs.readFileSync(path.join(dir, first.providerId!), 'utf8')).toMatch(/Subject: Booking 1[\s\S]*Hello 1/);
    fs.rmSync(dir, { recursive: true });
    const second = await drop.send(message(2));
    expect(fs.readdirSync(dir)).toEqual([second.providerId]);
    expect(fs.readFileSync(path.join(dir, second.providerId!), 'utf8')).toContain(
      'Message-ID: <6f1c2a4e-0000-4000-8000-000000000002@glowbook.in>',
    );
    fs.rmSync(path.dirname(dir), { recursive: true });
  });

  it('a message appears under its name only complete: written under a hidden name, then renamed', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-drop-'));
    const mail = createMailDropTransport(path.join(root, 'mail'), 'GlowBook <no-reply@glowbook.in>');
    const texts = createOutboxTransport(path.join(root, 'messages'));
    const written = vi.spyOn(fs, 'writeFile');
    // Whichever fs API a transport uses: the check is on the name each write went to.
    const writtenAsync = vi.spyOn(fs.promises, 'writeFile');
    try {
      const sent = await Promise.all(
        Array.from({ length: 10 }, (_, n) => [
          mail.send({
            id: `${n}1000000-0000-4000-8000-000000000001`,
            channel: 'email',
            to: 'asha@example.in',
            subject: `S${n}`,
            body: `B${n}`,
            meta: {},
          }),
          texts.send({
            id: `${n}2000000-0000-4000-8000-000000000002`,
            channel: 'sms',
            to: '+919876543210',
            subject: null,
            body: `Code ${n}`,
            meta: {},
          }),
        ]).flat(),
      );
      const targets = [...written.mock.calls, ...writtenAsync.mock.calls].map((c) => path.basename(String(c[0])));
      expect(targets).toHaveLength(20);
      // Never the final name, never the recipient: a reader looking for asha's mail cannot open it half-written.
      expect(targets.filter((f) => !/^\.[0-9a-f-]{36}\.partial$/.test(f))).toEqual([]);
      const names = [...fs.readdirSync(path.join(root, 'mail')), ...fs.readdirSync(path.join(root, 'messages'))].sort();
      expect(names).toEqual(sent.map((r) => r.providerId).sort());
      expect(names.every((f) => /\.(eml|txt)$/.test(f))).toBe(true);
    } finally {
      written.mockRestore();
      writtenAsync.mockRestore();
      fs.rmSync(root, { recursive: true });
    }
  });
});
