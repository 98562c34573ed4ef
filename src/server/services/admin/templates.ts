import type { z } from 'zod';
import type { updateEmailTemplateInput } from '../../../shared/schemas/admin.js';
import type { Executor } from '../../db/executor.js';
import { findEmailTemplate, listEmailTemplates, updateEmailTemplate } from '../../db/repositories/admin/email.js';
import { recordAudit } from '../../db/repositories/audit.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { iso } from '../wire.js';

/** The values each template is rendered with; a template may use only these. */
export const TEMPLATE_PLACEHOLDERS: Record<string, string[]> = {
  support_reply: ['name', 'subject', 'message', 'reply'],
  salon_approved: ['ownerName', 'shopName'],
  salon_rejected: ['ownerName', 'shopName', 'reason'],
  salon_unpublished: ['ownerName', 'shopName', 'reason'],
};
export type TemplateKey = keyof typeof TEMPLATE_PLACEHOLDERS;

const PLACEHOLDER_RE = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER_RE, (all, name: string) => values[name] ?? all);
}

/** The e-mail for a template key; the stored text may have been edited by an admin. */
export async function renderTemplate(db: Executor, key: TemplateKey, values: Record<string, string>) {
  const t = await findEmailTemplate(db, key);
  if (!t) throw notFound(`E-mail template ${key}`);
  return { subject: fillTemplate(t.subject, values).replace(/[\r\n]+/g, ' '), text: fillTemplate(t.body, values) };
}

type TemplateRow = NonNullable<Awaited<ReturnType<typeof findEmailTemplate>>>;
const toTemplateWire = (t: TemplateRow) => ({
  key: t.key,
  description: t.description,
  subject: t.subject,
  body: t.body,
  placeholders: TEMPLATE_PLACEHOLDERS[t.key] ?? [],
  updatedAt: iso(t.updated_at),
});

export async function getEmailTemplates(deps: AppDeps) {
  return { templates: (await listEmailTemplates(deps.db)).map(toTemplateWire) };
}

export async function saveEmailTemplate(deps: AppDeps, actor: Actor, input: z.output<typeof updateEmailTemplateInput>) {
  const allowed = TEMPLATE_PLACEHOLDERS[input.key];
  if (!allowed) throw notFound('E-mail template');
  for (const [field, text] of [
    ['subject', input.subject],
    ['body', input.body],
  ] as const) {
    const unknown = [...text.matchAll(PLACEHOLDER_RE)].map((m) => m[1]).filter((n) => !allowed.includes(n));
    if (unknown.length) {
      throw badRequest(`${field}: unknown placeholder {{${unknown[0]}}}; use ${allowed.map((a) => `{{${a}}}`).join(', ')}`, field);
    }
  }
  return deps.db.transaction().execute(async (trx) => {
    const row = await updateEmailTemplate(trx, input.key, { subject: input.subject, body: input.body, updatedBy: actor.id });
    if (!row) throw notFound('E-mail template');
    await recordAudit(trx, actor.id, 'email.template.update', 'email_template', input.key, { subject: input.subject });
    return { template: toTemplateWire(row) };
  });
}
