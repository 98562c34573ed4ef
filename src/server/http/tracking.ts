import type { Express } from 'express';
import { recordEmailOpen } from '../db/repositories/outbox.js';
import type { AppDeps } from '../deps.js';

// The smallest transparent GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/t/open/<message id>.gif: the open-tracking pixel of campaign e-mails. Records the first
 * open; always answers the image (never an error a mail client would show).
 */
export function mountTracking(app: Express, deps: AppDeps): void {
  app.get('/api/t/open/:file', async (req, res) => {
    const id = req.params.file.replace(/\.gif$/, '');
    if (UUID.test(id)) {
      try {
        await recordEmailOpen(deps.db, id);
      } catch (err) {
        console.error('[tracking] open not recorded', err);
      }
    }
    res.setHeader('content-type', 'image/gif');
    res.setHeader('cache-control', 'no-store, private');
    res.end(PIXEL);
  });
}
