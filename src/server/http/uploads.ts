import express, { type Express } from 'express';
import { type ImageStorage, KEY_RE } from '../adapters/images/index.js';

/** A key names the same bytes for ever (keys are new uuids, never rewritten): browsers and CDNs may keep them. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The tags of an If-None-Match header, unquoted (weak ones too: a GET compares them weakly). */
export function requestedTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .filter(Boolean);
}

/**
 * Serves uploaded images at /uploads/<key>. The disk storage is served as static files; the
 * database and S3 ones through `get`, with a strong ETag and 304 for a copy that is current.
 * Either way DATA_DIR/uploads is also served, so images stored on this host's disk before
 * the switch to shared storage keep working here.
 */
export function mountUploads(app: Express, storage: ImageStorage | undefined, uploadsDir: string | undefined) {
  if (storage && storage.provider !== 'local') {
    app.use('/uploads', async (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const key = req.path.slice(1);
      if (!KEY_RE.test(key)) return next();
      try {
        const tags = requestedTags(req.get('if-none-match'));
        // One tag is what a browser sends back; with several, the store is asked without one.
        const found = await storage.get(key, tags.length === 1 ? tags[0] : undefined);
        if (!found) return next();
        res.setHeader('Cache-Control', IMMUTABLE);
        res.setHeader('ETag', `"${found.etag}"`);
        if ('notModified' in found || tags.includes(found.etag) || tags.includes('*')) {
          res.status(304).end();
          return;
        }
        res.setHeader('Content-Type', found.contentType);
        res.setHeader('Content-Length', String(found.bytes.byteLength));
        res.end(req.method === 'HEAD' ? undefined : found.bytes);
      } catch (err) {
        next(err);
      }
    });
  }
  if (uploadsDir) {
    app.use('/uploads', express.static(uploadsDir, { maxAge: '365d', immutable: true, index: false, dotfiles: 'deny' }));
  }
}
