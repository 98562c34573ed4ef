import { generateOpenApiDocument } from 'trpc-to-openapi';
import { z } from 'zod';
import type { AppRouter } from '../routers/index.js';
import type { AppMeta } from '../trpc/init.js';

const errorBody = z.object({ message: z.string(), code: z.string() });
const jsonError = (description: string) => ({ description, content: { 'application/json': { schema: errorBody } } });

/** Plain express routes under /api (files and links, not JSON procedures), documented alongside them. */
const extraPaths = {
  '/invoices/{id}/pdf': {
    get: {
      operationId: 'invoices-pdf',
      summary: 'Download an invoice as PDF',
      description: "The invoice's salon owner or an admin; the same bearer token as the rest of the API.",
      tags: ['Subscription & Billing'],
      security: [{ Authorization: [] }],
      requestParams: { path: z.object({ id: z.string().uuid().meta({ description: 'The invoice `_id`' }) }) },
      responses: {
        200: { description: 'The invoice PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
        401: jsonError('No or bad token'),
        404: jsonError('Unknown invoice, or one of another salon'),
      },
    },
  },
  '/marketing/unsubscribe': {
    get: {
      operationId: 'marketing-unsubscribe',
      summary: 'Unsubscribe from offers (the link in campaign e-mails)',
      description: 'Switches the customer’s marketing preference off. Browsers get a confirmation page; other clients JSON.',
      tags: ['Marketing'],
      requestParams: { query: z.object({ token: z.string().max(200).meta({ description: 'The signed token from the e-mail' }) }) },
      responses: {
        200: {
          description: 'Unsubscribed',
          content: { 'application/json': { schema: z.object({ success: z.literal(true), message: z.string() }) }, 'text/html': { schema: z.string() } },
        },
        400: jsonError('The token is missing or not valid'),
      },
    },
  },
};

export function buildOpenApiDocument(router: AppRouter, baseUrl: string) {
  return generateOpenApiDocument(router, {
    title: 'GlowBook marketplace API',
    description:
      'The REST face of the tRPC procedures. Errors answer `{message, code}`; 400 names the field. Authenticate with `Authorization: Bearer <token>` from a sign-in call.',
    version: '1.0.0',
    baseUrl: `${baseUrl.replace(/\/$/, '')}/api`,
    paths: extraPaths as never,
  });
}

const statusCache = new Map<string, number | undefined>();

/** The success status a procedure declares in its meta (201 for creations), looked up by tRPC path. */
export function successStatusFor(router: AppRouter, procedurePath: string): number | undefined {
  if (statusCache.has(procedurePath)) return statusCache.get(procedurePath);
  const procedures = router._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta } }>;
  const status = procedures[procedurePath]?._def.meta?.successStatus;
  statusCache.set(procedurePath, status);
  return status;
}
