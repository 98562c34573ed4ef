import type { Express } from 'express';
import { AppError } from '../errors.js';
import { invoiceFor } from '../services/billing/service.js';
import { renderInvoicePdf } from '../services/billing/pdf.js';
import { resolveActor, type AppDeps } from '../trpc/context.js';

/**
 * GET /api/invoices/:id/pdf: the invoice as a PDF for its salon's owner or an admin, with the same
 * bearer token as the API (the app fetches it and offers the file).
 */
export function mountDownloads(app: Express, deps: AppDeps): void {
  app.get('/api/invoices/:id/pdf', async (req, res) => {
    try {
      const header = req.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7) : null;
      const { actor, authError } = await resolveActor(deps, token);
      if (!actor) {
        res.status(401).json({ message: authError ?? 'Please sign in to continue', code: 'UNAUTHORIZED' });
        return;
      }
      const inv = await invoiceFor(deps, actor, req.params.id);
      const salon = await deps.db
        .selectFrom('merchants as m')
        .innerJoin('accounts as a', 'a.id', 'm.id')
        .select(['m.shop_name', 'm.address', 'm.state', 'm.email', 'a.email as account_email'])
        .where('m.id', '=', inv.merchant_id)
        .executeTakeFirstOrThrow();
      const pdf = await renderInvoicePdf(inv, { name: salon.shop_name, address: salon.address, state: salon.state || deps.env.PLATFORM_STATE, email: salon.email || salon.account_email }, deps.env.PLATFORM_STATE);
      res.setHeader('content-type', 'application/pdf');
      res.setHeader('content-disposition', `attachment; filename="${inv.number.replace(/\//g, '-')}.pdf"`);
      res.setHeader('cache-control', 'private, no-store');
      res.end(pdf);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') {
        res.status(404).json({ message: err.message, code: 'NOT_FOUND' });
        return;
      }
      // Anything else is the app's error handler's: 503 for an unreachable database, else a logged 500.
      throw err;
    }
  });
}
