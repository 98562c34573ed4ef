import type { Express, Request, Response } from 'express';
import type { AppDeps } from '../deps.js';
import { DATABASE_UNAVAILABLE_BODY, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../errors.js';
import { unsubscribe } from '../services/crm/marketing.js';

export const UNSUBSCRIBE_PATH = '/api/marketing/unsubscribe';

function page(title: string, text: string, publicUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · GlowBook</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#fdf8f6;color:#1f1b2d">
<main style="max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:1.5rem;box-shadow:0 10px 30px rgba(60,20,60,.08)">
<p style="margin:0 0 .5rem;font-weight:700;color:#7b2d73">GlowBook</p>
<h1 style="margin:0 0 1rem;font-size:1.5rem">${title}</h1>
<p style="line-height:1.5">${text}</p>
<p style="margin-top:1.5rem"><a href="${publicUrl.replace(/\/$/, '')}/profile/settings" style="color:#7b2d73">Notification settings</a></p>
</main></body></html>`;
}

/**
 * The unsubscribe link of campaign e-mails: GET (a person following the link) and POST (RFC 8058
 * one-click, from the List-Unsubscribe header) switch the customer's offers off. A browser gets a
 * small page, any other client JSON.
 */
export function mountUnsubscribe(app: Express, deps: AppDeps): void {
  const handle = async (req: Request, res: Response) => {
    const raw = req.query.token;
    const token = typeof raw === 'string' && raw.length <= 200 ? raw : '';
    const html = req.method === 'GET' && req.accepts(['json', 'html']) === 'html';
    let ok: boolean;
    try {
      ok = token ? await unsubscribe(deps, token) : false;
    } catch (err) {
      const unavailable = isDatabaseUnavailable(err);
      if (!unavailable) console.error('[unsubscribe] failed', err);
      res.status(unavailable ? 503 : 500);
      if (unavailable) res.setHeader('retry-after', RETRY_AFTER_SECONDS);
      if (html)
        res
          .type('html')
          .send(
            page('Something went wrong', 'We could not update your preferences. Please try the link again later.', deps.env.PUBLIC_URL),
          );
      else if (unavailable) res.json(DATABASE_UNAVAILABLE_BODY);
      else res.json({ message: 'Something went wrong', code: 'INTERNAL_SERVER_ERROR' });
      return;
    }
    res.setHeader('cache-control', 'no-store');
    if (!ok) {
      res.status(400);
      if (html)
        res
          .type('html')
          .send(
            page(
              'This link is not valid',
              'The unsubscribe link is incomplete or has been changed. Use the link from the e-mail, or switch offers off in your notification settings.',
              deps.env.PUBLIC_URL,
            ),
          );
      else res.json({ message: 'token: the unsubscribe link is not valid', code: 'BAD_REQUEST' });
      return;
    }
    if (html)
      res
        .type('html')
        .send(
          page(
            'You are unsubscribed',
            'You will no longer receive offers and news by e-mail or SMS. Appointment reminders and booking updates still reach you. You can switch offers back on in your notification settings at any time.',
            deps.env.PUBLIC_URL,
          ),
        );
    else res.json({ success: true, message: 'You are unsubscribed from offers.' });
  };
  app.get(UNSUBSCRIBE_PATH, handle);
  app.post(UNSUBSCRIBE_PATH, handle);
}
