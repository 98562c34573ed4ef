import fs from 'node:fs';
import path from 'node:path';
import { coerceSchema, getInputOutputParsers, instanceofZodTypeObject, type OpenApiProcedure, unwrapZodType } from 'trpc-to-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../../src/server/routers/index.js';
import { jsonValue } from '../../src/shared/schemas/jsonValue.js';
import { updatePreferencesInput } from '../../src/shared/schemas/wallet.js';

/*
 * Issue 37 (1, 3): the transport runs on stock libraries. No patch of a library's files, no import
 * of a library's internal modules, ordinary caret ranges; and trpc-to-openapi's REST handler, which
 * writes `coerce` into the input schemas it serves, finds nothing to change in ours (jsonValue.ts).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.(ts|tsx|mts|js|mjs|cjs)$/.test(e.name) ? [p] : [];
  });
}

describe('stock parts', () => {
  it('patches no library and installs none to do it', () => {
    expect(fs.existsSync(path.join(ROOT, 'patches'))).toBe(false);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.postinstall).toBeUndefined();
    expect({ ...pkg.dependencies, ...pkg.devDependencies }['patch-package']).toBeUndefined();
  });

  it('depends on tRPC, trpc-to-openapi and zod by caret ranges', () => {
    const deps = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).dependencies as Record<string, string>;
    for (const name of ['@trpc/server', '@trpc/client', '@trpc/react-query', 'trpc-to-openapi', 'zod']) {
      expect(deps[name], name).toMatch(/^\^\d+\.\d+\.\d+$/);
    }
  });

  it('imports no internal module of tRPC or qrcode', () => {
    const offenders = ['src', 'tests', 'bench', 'scripts']
      .filter((d) => fs.existsSync(path.join(ROOT, d)))
      .flatMap((d) => sourceFiles(path.join(ROOT, d)))
      .filter((f) => f !== path.join(ROOT, 'tests/server/stockParts.test.ts'))
      .filter((f) => /unstable-core-do-not-import|qrcode\/lib\//.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});

type Def = { type?: string; coerce?: boolean; [key: string]: unknown };
const defOf = (s: unknown) => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Every number, boolean, bigint and date schema under `schema`, through every wrapper and pipe. */
function coercibleDefs(schema: unknown, out = new Set<Def>(), depth = 0): Set<Def> {
  const def = defOf(schema);
  if (!def || depth > 40) return out;
  if (['number', 'boolean', 'bigint', 'date'].includes(def.type ?? '')) out.add(def);
  for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right', 'valueType', 'keyType', 'catchall'])
    coercibleDefs(def[key], out, depth + 1);
  for (const v of Object.values((def.shape as Record<string, unknown>) ?? {})) coercibleDefs(v, out, depth + 1);
  for (const v of (def.options as unknown[]) ?? []) coercibleDefs(v, out, depth + 1);
  if (def.type === 'lazy') coercibleDefs((def.getter as () => unknown)(), out, depth + 1);
  return out;
}

/** What trpc-to-openapi's REST handler does to a procedure's input on each call. */
function coerceAsTheRestHandlerDoes(procedure: unknown) {
  const { inputParser } = getInputOutputParsers(procedure as OpenApiProcedure);
  const unwrapped = unwrapZodType(inputParser, true);
  if (instanceofZodTypeObject(unwrapped)) coerceSchema(unwrapped);
}

describe("trpc-to-openapi's coercion of REST inputs", () => {
  it('still sets coerce on a plain boolean or number field, and not on a jsonValue one (why jsonValue exists)', () => {
    const input = z.object({ plain: z.boolean(), strict: jsonValue(z.boolean()), amount: jsonValue(z.number()) });
    coerceAsTheRestHandlerDoes({ _def: { inputs: [input] } });
    expect(input.shape.plain.safeParse('false').success).toBe(true);
    expect(input.safeParse({ plain: true, strict: 'false', amount: 1 }).success).toBe(false);
    expect(input.safeParse({ plain: true, strict: false, amount: '1' }).success).toBe(false);
    expect(input.parse({ plain: true, strict: false, amount: 1 })).toEqual({ plain: true, strict: false, amount: 1 });
  });

  it('changes no field of any procedure input the REST adapter serves', () => {
    const procedures = Object.values(
      appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[]; meta?: { openapi?: unknown } } }>,
    );
    const defs = new Set<Def>();
    for (const p of procedures) for (const input of p._def.inputs) coercibleDefs(input, defs);
    expect(defs.size).toBeGreaterThan(20);
    const before = new Map([...defs].map((d) => [d, d.coerce]));
    for (const p of procedures) if (p._def.meta?.openapi) coerceAsTheRestHandlerDoes(p);
    const changed = [...defs].filter((d) => d.coerce !== before.get(d));
    expect(changed.length).toBe(0);
    // The field a caller turns off with `false` is still refused as the text "false".
    expect(updatePreferencesInput.safeParse({ preferences: { email: 'false' } }).success).toBe(false);
  });
});
