import { pagingOf } from '../../../shared/schemas/paging.js';
import * as repo from '../../db/repositories/billing.js';
import type { AppDeps } from '../../deps.js';
import { toInvoiceWire } from './invoices.js';

/* The admin's view of plan billing: every salon's invoices, the revenue, the payments to look at. */

export async function adminInvoices(deps: AppDeps, page: { page: number; limit: number }) {
  const { rows, total } = await repo.listAdminInvoices(deps.db, { limit: page.limit, offset: (page.page - 1) * page.limit });
  // Revenue is what paid invoices charged less what credit notes gave back (GST likewise).
  const totals = await repo.paidInvoiceTotals(deps.db);
  const credits = await repo.creditNoteTotals(deps.db);
  const { failed, refundsDue } = await repo.countPaymentAttemptsForAdmin(deps.db);
  const net = (a: number | string, b: number | string) => Math.round((Number(a) - Number(b)) * 100) / 100;
  return {
    data: {
      invoices: rows.map((r) => ({
        ...toInvoiceWire(r),
        salonName: r.shop_name,
        credited: Number(r.credited),
        cancellation: r.cancel_number
          ? {
              number: r.cancel_number,
              amount: Number(r.cancel_total),
              refund: {
                status: r.cancel_refund_status ?? 'none',
                reference: r.cancel_refund_reference ?? null,
                error: r.cancel_refund_error ?? null,
              },
            }
          : null,
      })),
      totals: {
        count: Number(totals.count),
        base: net(totals.base, credits.base),
        gst: net(totals.gst, credits.gst),
        total: net(totals.total, credits.total),
        credited: Number(credits.base),
        creditNotes: Number(credits.count),
      },
      failedPayments: failed,
      refundsDue,
      paging: pagingOf(page.page, page.limit, total),
    },
  };
}
