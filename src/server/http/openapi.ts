import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { AppRouter } from '../routers/index.js';
import type { AppMeta } from '../trpc/init.js';

export function buildOpenApiDocument(router: AppRouter, baseUrl: string) {
  return generateOpenApiDocument(router, {
    title: 'GlowBook marketplace API',
    description:
      'The REST face of the tRPC procedures. Errors answer `{message, code}`; 400 names the field. Authenticate with `Authorization: Bearer <token>` from a sign-in call.',
    version: '1.0.0',
    baseUrl: `${baseUrl.replace(/\/$/, '')}/api`,
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
