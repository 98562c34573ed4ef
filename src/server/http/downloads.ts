import type { Express } from 'express';
import { payStatementInput } from '../../shared/schemas/staffPay.js';
import type { StaffRole } from '../../shared/staffRoles.js';
import type { Actor, AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { creditNoteDocument, invoiceDocument } from '../services/billing/index.js';
import { renderTaxDocumentPdf } from '../services/billing/pdf.js';
import { receiptForActor } from '../services/checkout/receipt.js';
import { renderReceiptPdf } from '../services/checkout/receiptPdf.js';
import { holdingReceiptFor, renderHoldingReceiptPdf } from '../services/packages/receipt.js';
import { paymentReceiptFor, receiptNumber, renderPaymentReceiptPdf } from '../services/payments/receipt.js';
import { payStatement } from '../services/staff/pay.js';
import { renderPayStatementPdf } from '../services/staff/payPdf.js';
import { resolveActor } from '../trpc/context.js';
import { STAFF_FORBIDDEN } from '../trpc/procedures.js';

/**
 * GET /api/invoices/:id/pdf, /api/credit-notes/:id/pdf and /api/receipts/:id/pdf (a visit's receipt): the document as a PDF for its salon's owner or an admin, with the same
 * bearer token as the API (the app fetches it and offers the file).
 */
export function mountDownloads(app: Express, deps: AppDeps): void {
  const serve = (
    path: string,
    render: (actor: Actor, id: string, query: Record<string, unknown>) => Promise<{ pdf: Buffer; number: string }>,
    members: readonly StaffRole[] = [],
  ) =>
    app.get(path, async (req, res) => {
      try {
        const header = req.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice(7) : null;
        const { actor, authError } = await resolveActor(deps, token);
        if (!actor) {
          res.status(401).json({ message: authError ?? 'Please sign in to continue', code: 'UNAUTHORIZED' });
          return;
        }
        // A salon member signs in as the salon: only the documents their role works with.
        if (actor.member && !members.includes(actor.member.role)) {
          res.status(403).json({ message: STAFF_FORBIDDEN[actor.member.role], code: 'FORBIDDEN' });
          return;
        }
        const { pdf, number } = await render(actor, String(req.params.id), req.query as Record<string, unknown>);
        res.setHeader('content-type', 'application/pdf');
        res.setHeader('content-disposition', `attachment; filename="${number.replace(/\//g, '-')}.pdf"`);
        res.setHeader('cache-control', 'private, no-store');
        res.end(pdf);
      } catch (err) {
        if (err instanceof AppError && err.code === 'FORBIDDEN') {
          res.status(403).json({ message: err.message, code: 'FORBIDDEN' });
          return;
        }
        if (err instanceof AppError && err.code === 'NOT_FOUND') {
          res.status(404).json({ message: err.message, code: 'NOT_FOUND' });
          return;
        }
        // Anything else is the app's error handler's: 503 for an unreachable database, else a logged 500.
        throw err;
      }
    });
  serve('/api/invoices/:id/pdf', async (actor, id) => {
    const doc = await invoiceDocument(deps, actor, id);
    return { pdf: await renderTaxDocumentPdf(doc), number: doc.number };
  });
  serve('/api/credit-notes/:id/pdf', async (actor, id) => {
    const doc = await creditNoteDocument(deps, actor, id);
    return { pdf: await renderTaxDocumentPdf(doc), number: doc.number };
  });
  serve(
    '/api/receipts/:id/pdf',
    async (actor, id) => {
      const receipt = await receiptForActor(deps, actor, id);
      return { pdf: await renderReceiptPdf(receipt), number: receipt.receiptNumber };
    },
    ['receptionist'],
  );
  // A professional's pay statement: ?from=YYYY-MM-DD&to=YYYY-MM-DD; the owner's for anyone, a professional's own.
  serve(
    '/api/staff-pay/:id/pdf',
    async (actor, id, query) => {
      const parsed = payStatementInput.safeParse({ staffId: id, from: query.from, to: query.to });
      if (!parsed.success) throw new AppError('NOT_FOUND', 'Statement not found: give a staff id and from/to dates (YYYY-MM-DD)');
      const statement = await payStatement(deps, actor, parsed.data);
      return { pdf: await renderPayStatementPdf(statement), number: `pay-statement-${statement.from}-${statement.to}` };
    },
    ['professional'],
  );
  // An online booking payment's receipt (docs/payments.md): the customer who paid, its salon, admins.
  serve('/api/payments/:id/receipt.pdf', async (actor, id) => {
    const receipt = await paymentReceiptFor(deps, actor, id);
    return { pdf: await renderPaymentReceiptPdf(receipt), number: receiptNumber(receipt.receipt_no!) };
  });
  // A package, membership or voucher bought online (docs/checkout-and-stock.md): its buyer only.
  serve('/api/holdings/:id/receipt.pdf', async (actor, id) => {
    const receipt = await holdingReceiptFor(deps, actor, id);
    return { pdf: await renderHoldingReceiptPdf(receipt), number: receiptNumber(receipt.receipt_no!) };
  });
}
