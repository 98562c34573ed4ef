import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalon, createService, createStaff, localDate } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/**
 * The document is good enough for a generated client: openapi-typescript turns the live
 * /api/openapi.json into types, a client program written against them (generated-client/flow.ts)
 * type-checks, and the same program signs in, searches, reads slots, books (retrying with its
 * Idempotency-Key) and cancels through openapi-fetch.
 */

let rt: TestRuntime;
let base: string;
let doc: { servers: { url: string }[] };
let scratch: string;

const FLOW = path.resolve(__dirname, 'generated-client/flow.ts');

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  const salon = await createSalon(rt, { name: 'Kesar Threading Studio' });
  await createService(rt, salon.id, { name: 'Eyebrow Threading', duration: 15, price: 120 });
  await createStaff(rt, salon.id, { name: 'Rupa' });
  doc = await (await fetch(`${base}/api/openapi.json`)).json();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-client-'));
});
afterAll(async () => {
  await rt?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** Type-checks the given files (relative to the scratch directory) strictly; the diagnostics as text. */
function typeCheck(files: string[]): string[] {
  const require = createRequire(import.meta.url);
  const openapiFetch = path.dirname(require.resolve('openapi-fetch/package.json'));
  const program = ts.createProgram(
    files.map((f) => path.join(scratch, f)),
    {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      baseUrl: scratch,
      paths: { 'openapi-fetch': [path.join(openapiFetch, 'dist/index.d.mts')] },
    },
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('a client generated from /api/openapi.json', () => {
  it('generates types that a client program type-checks against, and that refuse wrong calls', async () => {
    const types = astToString(await openapiTS(doc as never));
    fs.writeFileSync(path.join(scratch, 'openapi.d.ts'), types);
    fs.copyFileSync(FLOW, path.join(scratch, 'flow.ts'));
    fs.writeFileSync(
      path.join(scratch, 'misuse.ts'),
      [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from './openapi';",
        "const api = createClient<paths>({ baseUrl: '' });",
        '// @ts-expect-error bookingDate is a string',
        "void api.POST('/users/createBooking', { body: { merchantId: '', serviceIds: [], bookingDate: 20260314, bookingTime: '' } });",
        '// @ts-expect-error serviceIds is required',
        "void api.POST('/users/getAvailableSlots', { body: { merchantId: '', date: '' } });",
        '// @ts-expect-error no such path',
        "void api.GET('/users/noSuchThing');",
        '// @ts-expect-error search is a GET',
        "void api.POST('/merchants/search', {});",
        "void api.GET('/merchants/search', { params: { query: { sortBy: 'rating' } } }).then((r) => {",
        '  // @ts-expect-error total is a number',
        '  const total: string | undefined = r.data?.data.total;',
        '  return total;',
        '});',
      ].join('\n'),
    );
    expect(types).toContain('"/users/createBooking"');
    expect(typeCheck(['flow.ts', 'misuse.ts'])).toEqual([]);
  }, 60_000);

  it('signs in, searches, reads slots, books (a retry answering the same booking) and cancels through openapi-fetch', async () => {
    expect(doc.servers).toEqual([{ url: `${base}/api` }]);
    // By URL: the project's type check must not follow it (its types exist only once generated).
    const flow: { registerSignInSearchBookCancel: (input: unknown) => Promise<Record<string, any>> } = await import(
      /* @vite-ignore */ pathToFileURL(FLOW).href
    );
    const r = await flow.registerSignInSearchBookCancel({
      baseUrl: doc.servers[0].url,
      customer: { firstName: 'Nisha', lastName: 'Kulkarni', email: `nisha-${randomUUID().slice(0, 8)}@example.in`, password: 'lotus1234' },
      search: { service: 'Threading', location: 'Pune' },
      date: localDate(3),
      idempotencyKey: randomUUID(),
    });
    expect(r.userType).toBe('customer');
    expect(r.total).toBe(1);
    expect(r.bookingStatus).toBe(201);
    expect(r.booking).toMatchObject({
      merchantId: r.salonId,
      bookingDate: localDate(3),
      bookingTime: r.slot,
      status: 'upcoming',
      totalPrice: 120,
    });
    expect(r.retriedId).toBe(r.booking._id);
    expect(r.conflict).toMatchObject({ status: 409, code: 'CONFLICT', message: 'This time slot is no longer available' });
    expect(r.refundPercent).toBe(100);
    expect(r.statusAfter).toBe('cancelled');
    expect(r.anonymous).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  }, 60_000);
});
