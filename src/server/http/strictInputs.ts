import type { AnyRouter } from '@trpc/server';

/*
 * trpc-to-openapi (coerceSchema, called on every /api request) sets `coerce = true` on each number,
 * boolean, bigint and date schema it reaches in a procedure's input. It mutates the shared zod
 * objects: from the first REST call on, `"false"` parses as true and `null` as 0 on REST and on
 * /trpc alike. Pinning every such flag to the value its schema declared makes that write a no-op, so
 * a JSON body must carry real booleans and numbers. Query strings are text: GET inputs convert them
 * explicitly and strictly (src/shared/schemas/query.ts).
 */

type ZodLike = { _zod?: { def?: Record<string, unknown> & { type?: string } } };

const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date']);

/** Calls `visit` with the def of every coercible leaf reachable from the schema. */
export function forEachCoercibleDef(schema: unknown, visit: (def: Record<string, unknown>) => void, seen = new Set<unknown>()): void {
  const def = (schema as ZodLike)?._zod?.def;
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  const walk = (child: unknown) => forEachCoercibleDef(child, visit, seen);
  if (def.type && COERCIBLE.has(def.type)) {
    visit(def);
    return;
  }
  switch (def.type) {
    case 'object':
      Object.values(def.shape as Record<string, unknown>).forEach(walk);
      walk(def.catchall);
      return;
    case 'array':
      return walk(def.element);
    case 'set':
      return walk(def.valueType);
    case 'record':
    case 'map':
      walk(def.keyType);
      return walk(def.valueType);
    case 'tuple':
      (def.items as unknown[]).forEach(walk);
      return walk(def.rest);
    case 'union':
      return (def.options as unknown[]).forEach(walk);
    case 'intersection':
      walk(def.left);
      return walk(def.right);
    case 'pipe':
      walk(def.in);
      return walk(def.out);
    case 'lazy':
      return walk((def.getter as () => unknown)());
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly':
    case 'promise':
    case 'success':
      return walk(def.innerType);
  }
}

function pin(def: Record<string, unknown>): void {
  const current = Object.getOwnPropertyDescriptor(def, 'coerce');
  if (current?.get) return;
  const declared = def.coerce === true;
  Object.defineProperty(def, 'coerce', { get: () => declared, set: () => {}, enumerable: true, configurable: false });
}

/** Makes every procedure's input immune to the REST adapter's coercion; safe to call repeatedly. */
export function pinInputCoercion(router: AnyRouter): void {
  const procedures = router._def.procedures as Record<string, { _def: { inputs?: unknown[] } }>;
  for (const procedure of Object.values(procedures)) {
    for (const input of procedure._def.inputs ?? []) forEachCoercibleDef(input, pin);
  }
}
