import type { Express, NextFunction, Request, Response } from 'express';
import { EMBED_PARAM } from '../../shared/channels.js';
import { formatINR } from '../../shared/money.js';
import type { AppDeps } from '../deps.js';
import { actionsCenterFeeds } from '../services/channels/feeds.js';
import { linkPreviewPng, posterPdf, posterPng } from '../services/channels/images.js';
import { findSalonByLink, salonLinkPath } from '../services/channels/links.js';
import { type LinkPage, linkPage } from '../services/channels/page.js';
import type { PageMeta } from './pages.js';
import { WIDGET_SCRIPT } from './widgetScript.js';

/*
 * The salon's own channels over HTTP (docs/channels.md): the link page's head and first screen
 * (/s/{slug}, rendered by pages.ts with what linkPageMeta answers), its preview image, the QR
 * poster, the website widget's script, and the Reserve with Google feeds.
 */

const SITE = 'GlowBook';
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Whether a request is for an embedded link page (the widget's iframe): the one page other sites may frame. */
export function isEmbedRequest(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && /^\/s\/[^/]+\/?$/i.test(req.path) && req.query[EMBED_PARAM] === '1';
}

/** The salon's first screen as HTML, shown until the app's script takes the page over. */
function linkPageBody(p: LinkPage): string {
  const services = p.services
    .slice(0, 12)
    .map(
      (s) =>
        `<li style="display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid #f1e4ea"><span>${escapeHtml(s.name)} <small style="color:#7a6570">${s.duration} min</small></span><strong>${escapeHtml(formatINR(s.price))}</strong></li>`,
    )
    .join('');
  const team = p.team
    .map((t) => `<li>${escapeHtml(t.name)}${t.role ? ` <small style="color:#7a6570">${escapeHtml(t.role)}</small>` : ''}</li>`)
    .join('');
  const free = p.nextFree?.times.length
    ? `<h2 style="font-size:18px;margin:20px 0 8px">Next free times for ${escapeHtml(p.nextFree.service)}</h2><ul data-testid="link-free-times" style="list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:8px">${p.nextFree.times
        .map(
          (t) =>
            `<li style="border:1px solid #e9d6dd;border-radius:999px;padding:6px 12px"><time datetime="${t.date}">${escapeHtml(shortDay(t.date))}</time> ${escapeHtml(t.time)}</li>`,
        )
        .join('')}</ul>`
    : '';
  return `<div data-testid="link-first-screen" style="max-width:720px;margin:0 auto;padding:24px 16px;font-family:system-ui,sans-serif;color:#2b1a24"><h1 style="font-size:28px;margin:0 0 4px">${escapeHtml(p.name)}</h1><p style="margin:0;color:#7a6570">${escapeHtml(p.place)}</p>${free}<h2 style="font-size:18px;margin:20px 0 8px">Services</h2><ul style="list-style:none;padding:0;margin:0">${services}</ul>${team ? `<h2 style="font-size:18px;margin:20px 0 8px">Team</h2><ul style="padding-left:20px;margin:0">${team}</ul>` : ''}<p style="margin-top:24px"><a href="${salonLinkPath(p.slug)}" style="display:inline-block;background:#6d2353;color:#fff;border-radius:999px;padding:12px 24px;text-decoration:none;font-weight:600">Book now</a></p></div>`;
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/**
 * The head and first screen of /s/{slug}: a 301 to the current slug for an old one, a 404 for a
 * link no published salon has, else the salon's title, description, preview image and first screen.
 */
export async function linkPageMeta(deps: AppDeps, base: string, req: Request, slug: string): Promise<PageMeta> {
  const answer = await linkPage(deps.db, slug.toLowerCase(), deps.now());
  if (!answer) return { status: 404, title: `Page not found · ${SITE}`, description: `Book salons on ${SITE}.`, noindex: true };
  if ('redirectTo' in answer) {
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    return { status: 301, title: SITE, description: '', redirect: `${salonLinkPath(answer.redirectTo)}${search}` };
  }
  const p = answer.page;
  const url = `${base}${salonLinkPath(p.slug)}`;
  const top = p.services.slice(0, 3).map((s) => s.name);
  const from = p.services.length ? Math.min(...p.services.map((s) => s.price)) : null;
  const description = [
    `Book online at ${p.name}${p.place ? `, ${p.place}` : ''}.`,
    top.length ? `${top.join(', ')}${p.services.length > 3 ? ' and more' : ''}${from != null ? ` from ${formatINR(from)}` : ''}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    status: 200,
    title: `Book at ${p.name} · ${SITE}`,
    description,
    canonical: url,
    image: `${url}/og.png`,
    imageAlt: `${p.name}: book online`,
    imageSize: { width: 1200, height: 630 },
    ogType: 'business.business',
    // The widget's copy of the page is not one to index; the link itself is.
    noindex: req.query[EMBED_PARAM] === '1',
    bodyHtml: linkPageBody(p),
  };
}

type Handler = (req: Request, res: Response) => Promise<void>;
const handle = (fn: Handler) => (req: Request, res: Response, next: NextFunction) => fn(req, res).catch(next);

/** The link's salon and its canonical link URL, or a 404 answered. */
async function linkedSalon(deps: AppDeps, base: string, req: Request, res: Response) {
  const found = await findSalonByLink(deps.db, null, String(req.params.slug).toLowerCase());
  if (!found) {
    res.status(404).type('text/plain').send('No salon has this link');
    return null;
  }
  if (found.slug !== String(req.params.slug).toLowerCase()) {
    res.redirect(301, `${salonLinkPath(found.slug)}/${req.path.split('/').pop()}`);
    return null;
  }
  const page = await linkPage(deps.db, found.slug, deps.now());
  if (!page || !('page' in page)) {
    res.status(404).type('text/plain').send('No salon has this link');
    return null;
  }
  return { page: page.page, link: `${base}${salonLinkPath(found.slug)}` };
}

export function mountChannels(app: Express, deps: AppDeps) {
  const base = deps.env.PUBLIC_URL.replace(/\/+$/, '');

  app.get('/widget.js', (_req, res) => {
    // Loaded by other sites' pages: helmet's same-origin resource policy would block it there.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/javascript').send(WIDGET_SCRIPT);
  });

  app.get(
    '/s/:slug/og.png',
    handle(async (req, res) => {
      const salon = await linkedSalon(deps, base, req, res);
      if (!salon) return;
      const png = await linkPreviewPng({
        name: salon.page.name,
        place: salon.page.place,
        link: salon.link,
        services: salon.page.services.map((s) => s.name),
      });
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('image/png').send(png);
    }),
  );

  app.get(
    '/s/:slug/poster.:format',
    handle(async (req, res) => {
      const format = req.params.format;
      if (format !== 'pdf' && format !== 'png') {
        res.status(404).type('text/plain').send('The poster is a pdf or a png');
        return;
      }
      const salon = await linkedSalon(deps, base, req, res);
      if (!salon) return;
      const poster = { name: salon.page.name, link: salon.link };
      const file = `${salon.page.slug}-booking-poster.${format}`;
      res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
      res.setHeader('Cache-Control', 'no-cache');
      if (format === 'pdf') res.type('application/pdf').send(await posterPdf(poster));
      else res.type('image/png').send(await posterPng(poster));
    }),
  );

  app.get(
    '/feeds/actions-center/:kind.json',
    handle(async (req, res) => {
      const kind = req.params.kind;
      if (kind !== 'entity' && kind !== 'action') {
        res.status(404).type('text/plain').send('The feeds are entity.json and action.json');
        return;
      }
      const feeds = await actionsCenterFeeds(deps.db, deps.env.PUBLIC_URL);
      res.setHeader('Cache-Control', 'public, max-age=900');
      res.json(feeds[kind]);
    }),
  );
}
