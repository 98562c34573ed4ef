import fs from 'node:fs';
import path from 'node:path';
import { writeComplete } from './dropFile.js';
import type { OutboundMessage, Transport } from './types.js';

/** Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465); nodemailer is loaded on the first e-mail. */
export function createSmtpTransport(smtpUrl: string, from: string): Transport {
  let transport: Promise<import('nodemailer').Transporter> | null = null;
  return {
    provider: 'smtp',
    async send(m) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      const info = await (await transport).sendMail({
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

/** nodemailer's MIME writer, loaded on the first e-mail rather than with the server. */
const mailComposer = () => import('nodemailer/lib/mail-composer/index.js');

function safeName(s: string) {
  return s.replace(/[^a-zA-Z0-9@._-]/g, '_').slice(0, 80);
}

/**
 * Offline default: the outbox table is the record, and each e-mail is also dropped as an .eml file
 * in DATA_DIR/mail (a local mail drop a developer can open in any mail client). The message is
 * built by nodemailer's MailComposer, the part of nodemailer that writes the MIME message: a
 * transport's sendMail would run the same composer behind its plugin pipeline, for the same bytes
 * at twice the CPU. The folder is made once (again only if it was removed); each file appears only
 * complete (writeComplete).
 */
export function createMailDropTransport(dir: string, from: string): Transport {
  let made: Promise<unknown> | null = null;
  const ensureDir = () =>
    (made ??= fs.promises.mkdir(dir, { recursive: true }).catch((err) => {
      made = null;
      throw err;
    }));
  return {
    provider: 'outbox',
    async send(m: OutboundMessage) {
      await ensureDir();
      const mail = {
        from,
        to: m.to,
        subject: m.subject ?? '',
        text: m.body,
        html: m.html ?? undefined,
        messageId: `<${m.id}@glowbook.in>`,
        headers: listHeaders(m),
        newline: 'unix' as const,
      };
      const { default: MailComposer } = await mailComposer();
      const raw = await new Promise<Buffer>((resolve, reject) => {
        new MailComposer(mail).compile().build((err, message) => (err ? reject(err) : resolve(message)));
      });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeName(m.to)}-${m.id.slice(0, 8)}.eml`);
      try {
        await writeComplete(file, raw);
      } catch (err) {
        // The folder was removed while the server ran (a developer emptied the mail drop).
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        made = null;
        await ensureDir();
        await writeComplete(file, raw);
      }
      return { providerId: path.basename(file) };
    },
  };
}
