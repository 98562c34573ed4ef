import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboundMessage, Transport } from './types.js';

/** Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpTransport(smtpUrl: string, from: string): Transport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    provider: 'smtp',
    async send(m) {
      const info = await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject ?? '',
        text: m.body,
        html: m.html ?? undefined,
        messageId: `<${m.id}@glowbook.in>`,
        headers: listHeaders(m),
      });
      return { providerId: info.messageId };
    },
  };
}

/** RFC 8058 one-click unsubscribe headers for a marketing e-mail that carries its link. */
function listHeaders(m: OutboundMessage): Record<string, string> | undefined {
  const url = m.meta.unsubscribeUrl;
  return typeof url === 'string' ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
}

function safeName(s: string) {
  return s.replace(/[^a-zA-Z0-9@._-]/g, '_').slice(0, 80);
}

/**
 * Offline default: the outbox table is the record, and each e-mail is also dropped as an .eml file
 * in DATA_DIR/mail (a local mail drop a developer can open in any mail client).
 */
export function createMailDropTransport(dir: string, from: string): Transport {
  return {
    provider: 'outbox',
    async send(m: OutboundMessage) {
      await fs.mkdir(dir, { recursive: true });
      const raw = await new Promise<Buffer>((resolve, reject) => {
        nodemailer
          .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
          .sendMail({ from, to: m.to, subject: m.subject ?? '', text: m.body, html: m.html ?? undefined, messageId: `<${m.id}@glowbook.in>`, headers: listHeaders(m) }, (err, info) =>
            err ? reject(err) : resolve(info.message as Buffer),
          );
      });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeName(m.to)}-${m.id.slice(0, 8)}.eml`);
      await fs.writeFile(file, raw);
      return { providerId: path.basename(file) };
    },
  };
}
