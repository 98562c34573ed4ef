import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Express, Request, Response } from 'express';
import { matchAppPath, type PathMatch } from '../../shared/appPaths.js';
import { formatINR } from '../../shared/money.js';
import { FIRST_SCREEN_ELEMENT_ID, HYDRATE_ATTRIBUTE } from '../../shared/pageData.js';
import type { Executor } from '../db/executor.js';
import {
  countSearchPageSalons,
  findPublishedBlog,
  findSalonPage,
  listSearchPageSalons,
  listSitemapBlogs,
  listSitemapSalons,
  listSitemapSearches,
} from '../db/repositories/seo.js';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../errors.js';
import { type FirstScreenData, loadFirstScreenRenderer, SERVER_RENDERED } from './firstScreen.js';

/*
 * The built client, sent by this server: hashed assets with their build-time brotli and gzip copies,
 * /robots.txt, /sitemap.xml, and index.html for every app path with that page's own title,
 * description, canonical URL, Open Graph tags and schema.org JSON-LD filled in from the database
 * (search engines and link previews read the HTML, not what the script renders later). A path the
 * app has no screen for, or a salon or blog that does not exist, is a 404 that still carries the app,
 * so a person sees its not-found screen.
 */

const SITE = 'GlowBook';
const DEFAULT_TITLE = 'GlowBook · Book salons, spas & parlours';
const DEFAULT_DESCRIPTION = 'GlowBook: find and book salons, spas and beauty parlours near you across India.';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public screens worth a search engine's index, by their canonical path. */
const INDEXABLE = new Set([
  '/',
  '/about-us',
  '/contact-us',
  '/faq',
  '/privacy-policy',
  '/terms-and-conditions',
  '/cookie-policy',
  '/help-center',
  '/services',
  '/partner-with-us',
  '/business-solutions',
  '/salon-management',
  '/marketing-tools',
  '/analytics',
  '/api-access',
  '/merchantonBoarding',
  '/blogs',
  '/salons',
]);
const ALIASES: Record<string, string> = {
  '/about': '/about-us',
  '/contact': '/contact-us',
  '/faqs': '/faq',
  '/business-signup': '/merchantonBoarding',
};

const PAGE_TITLES: Record<string, string> = {
  '/about-us': 'About us',
  '/contact-us': 'Contact us',
  '/faq': 'Frequently asked questions',
  '/privacy-policy': 'Privacy policy',
  '/terms-and-conditions': 'Terms and conditions',
  '/cookie-policy': 'Cookie policy',
  '/help-center': 'Help centre',
  '/services': 'Services',
  '/partner-with-us': 'Partner with us',
  '/business-solutions': 'Business solutions',
  '/salon-management': 'Salon management',
  '/marketing-tools': 'Marketing tools',
  '/analytics': 'Analytics',
  '/api-access': 'API access',
  '/merchantonBoarding': 'List your salon',
  '/blogs': 'Beauty blog',
  '/salons': 'Salons, spas and parlours',
};

export interface PageMeta {
  status: number;
  title: string;
  description: string;
  /** Absolute; absent on pages that are not to be indexed. */
  canonical?: string;
  image?: string;
  /** The page's largest picture, fetched with the HTML instead of after the script asks for its data. */
  preloadImage?: string;
  ogType?: string;
  noindex?: boolean;
  jsonLd?: object[];
  /** The page's own script chunks (beyond the entry's), fetched with the HTML instead of after the entry runs. */
  modulePreloads?: string[];
  /** The first screen's query answers (react-query's dehydrated state; firstScreen.ts), for the client to start from. */
  firstScreen?: unknown;
  /** The image's text alternative and size, for link previews. */
  imageAlt?: string;
  imageSize?: { width: number; height: number };
  /** A 301 to this path instead of the page (an old salon link). */
  redirect?: string;
  /** HTML of the first screen, inside the app's root until the script replaces it (the salon link page). */
  bodyHtml?: string;
  /** `bodyHtml` is React's render of the app itself (firstScreen.ts): the client hydrates it instead of replacing it. */
  hydrate?: boolean;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script>: no '</script>' or HTML comment can close it early. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

function clip(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

function absolute(base: string, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, base).toString();
  } catch {
    return undefined;
  }
}

const SCHEMA_TYPES: Record<string, string> = {
  salon: 'HairSalon',
  spa: 'DaySpa',
  beautyParlour: 'BeautySalon',
  tattoo: 'TattooParlor',
  wellness: 'HealthAndBeautyBusiness',
};
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The <head> tags of a page, in place of the template's title and description. */
export function renderHead(template: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    meta.noindex ? '<meta name="robots" content="noindex" />' : '',
    meta.canonical ? `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />` : '',
    meta.preloadImage ? `<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high" />` : '',
    ...(meta.modulePreloads ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${meta.ogType ?? 'website'}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    meta.canonical ? `<meta property="og:url" content="${escapeHtml(meta.canonical)}" />` : '',
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}" />` : '',
    meta.image && meta.imageSize ? `<meta property="og:image:type" content="image/png" />` : '',
    meta.imageSize ? `<meta property="og:image:width" content="${meta.imageSize.width}" />` : '',
    meta.imageSize ? `<meta property="og:image:height" content="${meta.imageSize.height}" />` : '',
    meta.imageAlt ? `<meta property="og:image:alt" content="${escapeHtml(meta.imageAlt)}" />` : '',
    `<meta property="og:locale" content="en_IN" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    meta.image ? `<meta name="twitter:title" content="${title}" />` : '',
    meta.image ? `<meta name="twitter:description" content="${description}" />` : '',
    meta.image ? `<meta name="twitter:image" content="${escapeHtml(meta.image)}" />` : '',
    ...(meta.jsonLd ?? []).map((d) => `<script type="application/ld+json">${scriptJson(d)}</script>`),
  ].filter(Boolean);
  if (meta.firstScreen)
    tags.push(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptJson(meta.firstScreen)}</script>`);
  // Replacer functions: a `$&` or `$'` in a salon's name or description is text, not a pattern.
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', () =>
      meta.bodyHtml ? `<div id="root"${meta.hydrate ? ` ${HYDRATE_ATTRIBUTE}=""` : ''}>${meta.bodyHtml}</div>` : '<div id="root"></div>',
    );
}

const notFoundMeta = (): PageMeta => ({ status: 404, title: `Page not found · ${SITE}`, description: DEFAULT_DESCRIPTION, noindex: true });

async function salonMeta(db: Executor, base: string, match: PathMatch): Promise<PageMeta> {
  const id = match.params.id;
  const m = UUID_RE.test(id) ? await findSalonPage(db, id) : undefined;
  if (!m) return notFoundMeta();
  // An unpublished salon is its owner's preview: the page loads for them, nobody else finds it.
  if (!m.is_published) return { status: 404, title: `${m.shop_name} · ${SITE}`, description: DEFAULT_DESCRIPTION, noindex: true };
  const place = [m.city, m.state].filter(Boolean).join(', ');
  const url = `${base}/salon/${m.id}`;
  if (match.pattern !== '/salon/:id') {
    return {
      status: 200,
      title: `Book at ${m.shop_name} · ${SITE}`,
      description: `Book an appointment at ${m.shop_name}, ${place}.`,
      noindex: true,
    };
  }
  const minPrice = m.min_price == null ? null : Number(m.min_price);
  const maxPrice = m.max_price == null ? null : Number(m.max_price);
  const rating = Number(m.rating_avg);
  const services = m.service_names ?? [];
  const facts = [
    services.length ? `${services.slice(0, 3).join(', ')}${services.length > 3 ? ' and more' : ''}` : '',
    minPrice != null ? `from ${formatINR(minPrice)}` : '',
    m.review_count > 0 ? `rated ${rating.toFixed(1)} from ${m.review_count} review${m.review_count === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  const own = m.description.trim();
  const description = clip(
    own
      ? `${own} ${facts.length ? `${facts.join(', ')}.` : ''}`
      : `${m.shop_name} in ${m.address ? `${m.address}, ` : ''}${place}: ${facts.join(', ')}. Book online on GlowBook.`,
  );
  const image = absolute(base, m.image);
  const type = SCHEMA_TYPES[m.shop_types[0] ?? 'salon'] ?? 'BeautySalon';
  const hours = (Array.isArray(m.opening_hours) ? m.opening_hours : [])
    .filter((d) => d.enabled && WEEKDAYS.includes(d.name))
    .map((d) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${d.name}`,
      opens: d.openTime,
      closes: d.closeTime,
    }));
  const business: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': url,
    name: m.shop_name,
    url,
    description: clip(own || description, 300),
    ...(image ? { image } : {}),
    ...(m.phone ? { telephone: m.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: m.address,
      addressLocality: m.city,
      addressRegion: m.state,
      ...(m.postal_code ? { postalCode: m.postal_code } : {}),
      addressCountry: m.country === 'India' || !m.country ? 'IN' : m.country,
    },
    ...(m.latitude != null && m.longitude != null
      ? { geo: { '@type': 'GeoCoordinates', latitude: Number(m.latitude), longitude: Number(m.longitude) } }
      : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    ...(minPrice != null
      ? {
          priceRange: maxPrice != null && maxPrice > minPrice ? `${formatINR(minPrice)}–${formatINR(maxPrice)}` : formatINR(minPrice),
          currenciesAccepted: 'INR',
        }
      : {}),
    ...(m.review_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(rating.toFixed(1)),
            reviewCount: m.review_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  return {
    status: 200,
    title: `${m.shop_name}, ${m.city || place} · Book online · ${SITE}`,
    description,
    canonical: url,
    image,
    preloadImage: m.image ?? undefined,
    ogType: 'business.business',
    jsonLd: [business],
  };
}

/** A search by place and service: /salons?location=Pune&service=Facial. */
async function searchMeta(db: Executor, base: string, query: Request['query']): Promise<PageMeta> {
  const text = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, 80) : '');
  const service = text(query.service);
  const location = text(query.location);
  const canonicalQuery = new URLSearchParams();
  if (service) canonicalQuery.set('service', service);
  if (location) canonicalQuery.set('location', location);
  const qs = canonicalQuery.toString();
  const canonical = `${base}/salons${qs ? `?${qs}` : ''}`;
  if (!location) {
    const what = service ? `${service} salons` : 'Salons, spas and parlours';
    return {
      status: 200,
      title: `${what} across India · ${SITE}`,
      description: `Compare ${service ? `${service.toLowerCase()} at ` : ''}salons, spas and beauty parlours across India by price, rating and distance, and book online.`,
      canonical,
    };
  }
  const cities = [
    ...new Set(
      location
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const [salons, { n: inCity }] = await Promise.all([
    listSearchPageSalons(db, cities, service || null, 10),
    countSearchPageSalons(db, cities),
  ]);
  const title = service ? `${service} in ${location}` : `Salons, spas and parlours in ${location}`;
  const best = salons.slice(0, 3).map((s) => s.shop_name);
  const description = clip(
    service
      ? `Book ${service.toLowerCase()} in ${location}${best.length ? ` at ${best.join(', ')}` : ''}. Compare prices in ₹, ratings and open times on GlowBook.`
      : `${inCity} salon${inCity === 1 ? '' : 's'}, spa${inCity === 1 ? '' : 's'} and parlours in ${location}${best.length ? `, including ${best.join(', ')}` : ''}. Compare prices and ratings, and book online.`,
  );
  return {
    status: 200,
    title: `${title} · ${SITE}`,
    description,
    canonical,
    jsonLd: salons.length
      ? [
          {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: title,
            url: canonical,
            numberOfItems: salons.length,
            itemListElement: salons.map((s, i) => ({
              '@type': 'ListItem',
              position: i + 1,
              url: `${base}/salon/${s.id}`,
              name: s.shop_name,
            })),
          },
        ]
      : undefined,
  };
}

async function blogMeta(db: Executor, base: string, match: PathMatch): Promise<PageMeta> {
  const blog = await findPublishedBlog(db, match.params.id);
  if (!blog) return notFoundMeta();
  const url = `${base}/blog/${blog.slug}`;
  const image = absolute(base, blog.cover_image);
  return {
    status: 200,
    title: `${blog.title} · ${SITE}`,
    description: clip(blog.excerpt || blog.title),
    canonical: url,
    image,
    ogType: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: blog.title,
        url,
        ...(image ? { image } : {}),
        author: { '@type': 'Person', name: blog.author_name },
        ...(blog.published_at ? { datePublished: blog.published_at.toISOString() } : {}),
        dateModified: blog.updated_at.toISOString(),
        publisher: { '@type': 'Organization', name: SITE },
      },
    ],
  };
}

/** What the server knows about the page at `req`'s path (`match`: the app's route for it): its status and head tags. */
export async function pageMeta(db: Executor, base: string, req: Request, match = matchAppPath(req.path)): Promise<PageMeta> {
  if (!match) return notFoundMeta();
  if (match.pattern.startsWith('/salon/:id')) return salonMeta(db, base, match);
  if (match.pattern === '/blog/:id') return blogMeta(db, base, match);
  if (match.pattern === '/salons') return searchMeta(db, base, req.query);
  const canonicalPath = ALIASES[match.pattern] ?? match.pattern;
  if (canonicalPath === '/') {
    return {
      status: 200,
      title: DEFAULT_TITLE,
      description: DEFAULT_DESCRIPTION,
      canonical: `${base}/`,
      image: `${base}/icon-512.png`,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: SITE,
          url: `${base}/`,
          potentialAction: {
            '@type': 'SearchAction',
            target: `${base}/salons?service={search_term_string}`,
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    };
  }
  if (INDEXABLE.has(canonicalPath)) {
    const name = PAGE_TITLES[canonicalPath];
    return {
      status: 200,
      title: name ? `${name} · ${SITE}` : DEFAULT_TITLE,
      description: DEFAULT_DESCRIPTION,
      canonical: `${base}${canonicalPath}`,
    };
  }
  return { status: 200, title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, noindex: true };
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export async function sitemapXml(db: Executor, base: string): Promise<string> {
  const [salons, searches, blogs] = await Promise.all([listSitemapSalons(db), listSitemapSearches(db), listSitemapBlogs(db)]);
  const urls: { loc: string; lastmod?: Date }[] = [...INDEXABLE].map((p) => ({ loc: `${base}${p}` }));
  for (const s of salons) urls.push({ loc: `${base}/salon/${s.id}`, lastmod: s.updated_at });
  const cities = new Set<string>();
  for (const { city, category } of searches) {
    if (!cities.has(city)) {
      cities.add(city);
      urls.push({ loc: `${base}/salons?${new URLSearchParams({ location: city })}` });
    }
    if (category) urls.push({ loc: `${base}/salons?${new URLSearchParams({ service: category, location: city })}` });
  }
  for (const b of blogs) urls.push({ loc: `${base}/blog/${encodeURIComponent(b.slug)}`, lastmod: b.updated_at });
  const body = urls
    .map((u) => `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /trpc/',
    'Disallow: /admin',
    'Disallow: /merchant/',
    'Disallow: /bookings',
    'Disallow: /profile',
    'Disallow: /wallet',
    'Disallow: /*/booking/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

type Encoding = 'br' | 'gzip';

/** The client's preferred encoding among those we have; q=0 refuses one. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  const weight = (e: string) => accepted.get(e) ?? wildcard ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function sendCompressed(req: Request, res: Response, body: string, type: string) {
  res.setHeader('Vary', 'Accept-Encoding');
  res.type(type);
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const raw = Buffer.from(body);
  if (!encoding || raw.length < 1024) {
    res.send(raw);
    return;
  }
  res.setHeader('Content-Encoding', encoding);
  res.send(
    encoding === 'br'
      ? zlib.brotliCompressSync(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : zlib.gzipSync(raw, { level: 6 }),
  );
}

const HASHED_MAX_AGE = 'public, max-age=31536000, immutable';

/**
 * The lazily loaded page a route renders first, by its app path pattern: the home page's sections,
 * the salon list, a salon page. Without a hint the browser learns of these chunks only once the entry
 * script has run (one more round trip before the page's content, its LCP, on a phone network).
 */
const PAGE_SOURCES: Record<string, string> = {
  '/': 'src/client/features/discovery/HomeSections.tsx',
  '/salons': 'src/client/pages/salon/SalonList.tsx',
  '/salon/:id': 'src/client/pages/salon/SalonDetails.tsx',
  '/s/:slug': 'src/client/pages/salon/SalonLink.tsx',
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * For each pattern of PAGE_SOURCES, the script files its page needs at once (its chunk and that
 * chunk's static imports), from the build's manifest (`.vite/manifest.json`), less those the entry
 * brings (the template names them). Empty without a manifest.
 */
export function pagePreloads(root: string, template: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return out;
  }
  /** The chunk of `key` and every chunk it imports, statically, to any depth. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return into;
    into.add(key);
    chunk.imports?.forEach((k) => closure(k, into));
    return into;
  };
  const withEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, withEntry);
  for (const [pattern, source] of Object.entries(PAGE_SOURCES)) {
    const files = [...closure(source)]
      .filter((key) => !withEntry.has(key))
      .map((key) => `/${manifest[key].file}`)
      .filter((href) => !template.includes(`"${href}"`));
    if (files.length) out.set(pattern, files);
  }
  return out;
}

/** The page of a salon's own link /s/{slug} (http/channels.ts). */
export type LinkPageMeta = (req: Request, slug: string) => Promise<PageMeta>;

/** Mounts the built client in `clientDir` (its index.html, assets and public files) on `app`. */
export function mountClient(
  app: Express,
  opts: { clientDir: string; db: Executor; publicUrl: string; firstScreen?: FirstScreenData; linkPage?: LinkPageMeta },
) {
  const root = path.resolve(opts.clientDir);
  const base = opts.publicUrl.replace(/\/+$/, '');
  const template = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const preloads = pagePreloads(root, template);
  const renderer = loadFirstScreenRenderer(root);

  app.get('/robots.txt', (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    sendCompressed(req, res, robotsTxt(base), 'text/plain');
  });
  app.get('/sitemap.xml', async (req, res, next) => {
    try {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      sendCompressed(req, res, await sitemapXml(opts.db, base), 'application/xml');
    } catch (err) {
      next(err);
    }
  });

  // A file of the build: the brotli or gzip copy the build wrote beside it when the browser takes one.
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!path.extname(req.path) || req.path === '/index.html') return next();
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    if (!file.startsWith(root + path.sep)) return next();
    const hashed = req.path.startsWith('/assets/');
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(file);
    } catch {
      stat = undefined;
    }
    if (!stat?.isFile()) {
      // A missing chunk (an old page after a new build) must fail as a script, not load the app's HTML.
      if (hashed) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      return next();
    }
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const variant = encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : null;
    const hasVariants = fs.existsSync(`${file}.br`) || fs.existsSync(`${file}.gz`);
    const headers: Record<string, string> = {
      'Cache-Control': hashed ? HASHED_MAX_AGE : req.path === '/sw.js' ? 'no-cache' : 'public, max-age=3600',
    };
    if (hasVariants) headers.Vary = 'Accept-Encoding';
    res.type(path.extname(file));
    if (variant && fs.existsSync(variant)) {
      headers['Content-Encoding'] = encoding!;
      res.sendFile(variant, { headers, lastModified: true, dotfiles: 'deny' }, (err) => err && next(err));
      return;
    }
    res.sendFile(file, { headers, lastModified: true, dotfiles: 'deny' }, (err) => err && next(err));
  });

  app.get(/.*/, async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    let meta: PageMeta;
    const match = matchAppPath(req.path);
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    // Without it the page still works: the client asks for the same data itself.
    const firstScreen =
      match && opts.firstScreen
        ? opts.firstScreen(req, match.pattern, match.params, search).catch((err: unknown) => {
            if (!isDatabaseUnavailable(err)) console.error('[http] first screen data failed', err);
            return null;
          })
        : null;
    try {
      meta =
        match?.pattern === '/s/:slug' && opts.linkPage
          ? await opts.linkPage(req, match.params.slug)
          : await pageMeta(opts.db, base, req, match);
    } catch (err) {
      // The app still loads and shows what it can; the status says the server could not look.
      if (!isDatabaseUnavailable(err)) console.error('[http] page meta failed', err);
      meta = { status: 503, title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, noindex: true };
      res.setHeader('retry-after', RETRY_AFTER_SECONDS);
    }
    const data = await firstScreen;
    if (meta.redirect) {
      res.redirect(301, meta.redirect);
      return;
    }
    if (meta.status === 200) {
      const modules = match ? preloads.get(match.pattern) : undefined;
      if (modules) meta = { ...meta, modulePreloads: modules };
      if (data) meta = { ...meta, firstScreen: data };
      // The page's own HTML, rendered by React from the same answers, for the client to hydrate.
      const render = match && SERVER_RENDERED.has(match.pattern) ? await renderer : null;
      if (render && !meta.bodyHtml) {
        const html = await render(req.originalUrl, data).catch((err: unknown) => {
          console.error('[http] first screen render failed', err);
          return null;
        });
        if (html) meta = { ...meta, bodyHtml: html, hydrate: true };
      }
    }
    res.status(meta.status);
    sendCompressed(req, res, renderHead(template, meta), 'html');
  });
}
