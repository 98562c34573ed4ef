/*
 * Draws the demo pictures (salon photos, staff and customer avatars, category tiles) as small
 * static SVGs in a plum/rose/blush/gold palette. The files live in public/images/demo and are
 * regenerated only when the demo data changes:
 *
 *   npx tsx src/server/seed/images.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATEGORIES } from './catalogue.js';
import { buildDemoData, type DemoData, demoImagePaths } from './demo.js';
import { SALONS } from './salons.js';

const GRADIENTS: [string, string][] = [
  ['#5b2a4e', '#c8577a'],
  ['#7a3b63', '#e8a0b4'],
  ['#3b1f35', '#9c6b8e'],
  ['#c8577a', '#f3c6a5'],
  ['#8e4a6d', '#c9a15b'],
  ['#4a2540', '#d98ca3'],
];
const GOLD = '#e9c98b';
const CREAM = '#fbf4ef';

/** 24×24 stroke icons in the lucide style (ISC), keyed by the category `icon` names. */
const ICONS: Record<string, string> = {
  scissors: '<circle cx="6" cy="6" r="3"/><circle cx="6" cy="18" r="3"/><path d="M8.12 8.12 12 12M20 4 8.12 15.88M14.8 14.8 20 20"/>',
  palette:
    '<path d="M12 2C6.5 2 2 6.5 2 12s4.5 10 10 10c.93 0 1.65-.75 1.65-1.69 0-.44-.18-.83-.44-1.12-.29-.29-.44-.65-.44-1.13a1.64 1.64 0 0 1 1.67-1.67h2c3.05 0 5.55-2.5 5.55-5.55C21.97 6.01 17.46 2 12 2z"/><circle cx="13.5" cy="6.5" r="1"/><circle cx="17.5" cy="10.5" r="1"/><circle cx="8.5" cy="7.5" r="1"/><circle cx="6.5" cy="12.5" r="1"/>',
  droplet: '<path d="M12 22a7 7 0 0 0 7-7c0-2-1-3.9-3-5.5s-3.5-4-4-6.5c-.5 2.5-2 4.9-4 6.5C6 11.1 5 13 5 15a7 7 0 0 0 7 7z"/>',
  'user-round': '<path d="M3 17l9-9 3 3-9 9H3z"/><path d="M12 8l6-6 4 4-6 6"/><path d="M6 17l3-3"/>',
  hand: '<rect x="7" y="10" width="10" height="11" rx="2"/><path d="M10 10V6h4v4M11 6V2h2v4"/>',
  'hand-heart':
    '<path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z"/>',
  sparkles:
    '<path d="M12 3l1.8 5.4L19 10l-5.2 1.6L12 17l-1.8-5.4L5 10l5.2-1.6z"/><path d="M19 15l.7 2 2 .7-2 .7-.7 2-.7-2-2-.7 2-.7zM5 3l.5 1.5L7 5l-1.5.5L5 7l-.5-1.5L3 5l1.5-.5z"/>',
  smile: '<circle cx="12" cy="12" r="10"/><path d="M8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01"/>',
  flower: petals(6, 4.6, 3),
  'flower-2': petals(8, 5.2, 2.4),
  feather: '<path d="M20.24 12.24a6 6 0 0 0-8.49-8.49L5 10.5V19h8.5z"/><path d="M16 8 2 22M17.5 15H9"/>',
  brush:
    '<path d="M9.06 11.9l8.07-8.06a2.85 2.85 0 1 1 4.03 4.03l-8.06 8.08"/><path d="M7.07 14.94c-1.66 0-3 1.35-3 3.02 0 1.33-2.5 1.52-2 2.02 1.08 1.1 2.49 2.02 4 2.02 2.2 0 4-1.8 4-4.04a3.01 3.01 0 0 0-3-3.02z"/>',
  crown: '<path d="M2 7l4 10h12l4-10-6 4-4-7-4 7z"/><path d="M6 21h12"/>',
  'pen-tool':
    '<path d="M15.7 21.3a1 1 0 0 1-1.4 0l-1.6-1.6a1 1 0 0 1 0-1.4l5.6-5.6a1 1 0 0 1 1.4 0l1.6 1.6a1 1 0 0 1 0 1.4z"/><path d="m18 13-1.4-6.9a1 1 0 0 0-.8-.8L2.3 2.1a.5.5 0 0 0-.6.6l3.2 13.5a1 1 0 0 0 .8.8L13 18M2.3 2.3l7.3 7.3"/><circle cx="11" cy="11" r="2"/>',
  gem: '<path d="M6 3h12l4 6-10 13L2 9Z"/><path d="M11 3 8 9l4 13 4-13-3-6M2 9h20"/>',
  zap: '<path d="M13 2 3 14h9l-1 8 10-12h-9l1-8z"/>',
  activity: '<path d="M22 12h-4l-3 9L9 3l-3 9H2"/>',
  leaf: '<path d="M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.48 19 2c1 2 2 4.18 2 8 0 5.5-4.78 10-10 10Z"/><path d="M2 21c0-3 1.85-5.36 5.08-6C9.5 14.52 12 13 13 12"/>',
  'heart-pulse':
    '<path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z"/><path d="M3.22 12H9.5l.5-1 2 4.5 2-7 1.5 3.5h5.27"/>',
};

function petals(count: number, radius: number, size: number): string {
  const out = ['<circle cx="12" cy="12" r="2.2"/>'];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    out.push(`<circle cx="${(12 + radius * Math.cos(a)).toFixed(2)}" cy="${(12 + radius * Math.sin(a)).toFixed(2)}" r="${size}"/>`);
  }
  return out.join('');
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function initials(name: string): string {
  const words = name
    .replace(/^Dr\.\s*/, '')
    .replace(/&/g, ' ')
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w));
  return (words.length > 1 ? words[0][0] + words[words.length - 1][0] : words[0].slice(0, 2)).toUpperCase();
}

function icon(name: string, x: number, y: number, size: number, stroke: string, width: number, opacity = 1): string {
  const body = ICONS[name] ?? ICONS.sparkles;
  return `<g transform="translate(${x} ${y}) scale(${size / 24})" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}">${body}</g>`;
}

function gradient(id: string, [from, to]: [string, string], diagonal = true): string {
  const end = diagonal ? 'x2="1" y2="1"' : 'x2="0" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Darkens the lower part so light text stays readable on the peach gradients. */
const SHADE_DEF =
  '<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#2a1326" stop-opacity="0"/><stop offset="1" stop-color="#2a1326" stop-opacity="0.55"/></linearGradient>';
const shade = (w: number, h: number) => `<rect width="${w}" height="${h}" fill="url(#shade)"/>`;

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>\n`;
}

function salonPicture(slug: string, n: number): string {
  const salon = SALONS.find((s) => s.slug === slug)!;
  const h = hash(`${slug}-${n}`);
  const colours = GRADIENTS[(hash(slug) + n) % GRADIENTS.length];
  const category = salon.categories[(n - 1) % salon.categories.length];
  const iconName = CATEGORIES.find((c) => c.name === category)?.icon ?? 'sparkles';
  const bubbles = [0, 1, 2, 3]
    .map((i) => {
      const v = (h >>> (i * 7)) & 0x7f;
      return `<circle cx="${100 + ((v * 9 + i * 310) % 1000)}" cy="${80 + ((v * 5 + i * 170) % 640)}" r="${90 + ((v * 3) % 160)}" fill="${i % 2 ? GOLD : CREAM}" opacity="0.${i % 2 ? '10' : '08'}"/>`;
    })
    .join('');
  const frame = `<rect x="40" y="40" width="1120" height="720" rx="28" fill="none" stroke="${GOLD}" stroke-opacity="0.45" stroke-width="2"/>`;
  if (n === 1) {
    return svg(
      1200,
      800,
      `<defs>${gradient('g', colours)}${SHADE_DEF}</defs><rect width="1200" height="800" fill="url(#g)"/>${bubbles}${shade(1200, 800)}${frame}` +
        icon(iconName, 760, 170, 380, CREAM, 0.9, 0.22) +
        `<circle cx="300" cy="330" r="120" fill="none" stroke="${GOLD}" stroke-width="4"/>` +
        `<text x="300" y="368" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="110" fill="${CREAM}">${esc(initials(salon.name))}</text>` +
        `<text x="120" y="560" font-family="Georgia, 'Times New Roman', serif" font-size="64" fill="${CREAM}">${esc(salon.name)}</text>` +
        `<text x="122" y="620" font-family="Helvetica, Arial, sans-serif" font-size="30" letter-spacing="4" fill="${GOLD}">${esc(`${salon.locality}, ${salon.city}`.toUpperCase())}</text>`,
    );
  }
  return svg(
    1200,
    800,
    `<defs>${gradient('g', colours, n % 2 === 0)}${SHADE_DEF}</defs><rect width="1200" height="800" fill="url(#g)"/>${bubbles}${shade(1200, 800)}${frame}` +
      `<path d="M420 700V340a180 180 0 0 1 360 0v360" fill="${CREAM}" fill-opacity="0.10" stroke="${GOLD}" stroke-opacity="0.6" stroke-width="3"/>` +
      icon(iconName, 480, 290, 240, CREAM, 1.1) +
      `<text x="600" y="660" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="34" letter-spacing="6" fill="${CREAM}">${esc(category.toUpperCase())}</text>`,
  );
}

/** Cream initials need the deeper gradients to stay legible at thumbnail size. */
const AVATAR_GRADIENTS = [GRADIENTS[0], GRADIENTS[2], GRADIENTS[4], GRADIENTS[5]];

function avatar(name: string, seed: string): string {
  const colours = AVATAR_GRADIENTS[hash(seed) % AVATAR_GRADIENTS.length];
  return svg(
    400,
    400,
    `<defs>${gradient('g', colours)}</defs><rect width="400" height="400" fill="url(#g)"/>` +
      `<circle cx="200" cy="200" r="150" fill="none" stroke="${GOLD}" stroke-opacity="0.55" stroke-width="3"/>` +
      `<text x="200" y="238" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="120" fill="${CREAM}">${esc(initials(name))}</text>`,
  );
}

function categoryTile(name: string, iconName: string): string {
  const colours = GRADIENTS[hash(name) % GRADIENTS.length];
  return svg(
    400,
    400,
    `<defs>${gradient('g', colours)}${SHADE_DEF}</defs><rect width="400" height="400" fill="url(#g)"/>${shade(400, 400)}` +
      `<circle cx="200" cy="170" r="110" fill="${CREAM}" fill-opacity="0.12" stroke="${GOLD}" stroke-opacity="0.5" stroke-width="2"/>` +
      icon(iconName, 130, 100, 140, CREAM, 1.2) +
      `<text x="200" y="340" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="${CREAM}">${esc(name)}</text>`,
  );
}

/** Every demo picture: public path → SVG text. */
export function renderDemoImages(data: DemoData): Map<string, string> {
  const files = new Map<string, string>();
  const people = new Map<string, string>();
  data.accounts.forEach((a) => a.avatar_url && people.set(a.avatar_url, `${a.first_name} ${a.last_name}`));
  data.staff.forEach((s) => s.avatar_url && people.set(s.avatar_url, s.name));
  data.testimonials.forEach((t) => t.avatar && people.set(t.avatar, t.name));
  for (const url of demoImagePaths(data)) {
    const salon = /^\/images\/demo\/salons\/(.+)-(\d+)\.svg$/.exec(url);
    if (salon) {
      files.set(url, salonPicture(salon[1], Number(salon[2])));
    } else if (url.startsWith('/images/demo/categories/')) {
      const cat = data.categories.find((r) => r.image === url)!;
      files.set(url, categoryTile(cat.name, cat.icon ?? 'sparkles'));
    } else {
      files.set(url, avatar(people.get(url) ?? '?', url));
    }
  }
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve('public');
  const dir = path.join(root, 'images', 'demo');
  fs.rmSync(dir, { recursive: true, force: true });
  let bytes = 0;
  for (const [url, text] of renderDemoImages(buildDemoData('', new Date()))) {
    const file = path.join(root, url);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
  }
  console.log(`wrote ${dir} (${Math.round(bytes / 1024)} KB)`);
}
