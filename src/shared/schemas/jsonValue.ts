import { z } from 'zod';

/*
 * A number or boolean field of an input that /api also serves. trpc-to-openapi's REST handler sets
 * `coerce` on every plain z.number(), z.boolean(), z.bigint() and z.date() it reaches in a
 * procedure's input (its coerceSchema, run on each /api call) by writing to the shared schema
 * objects: from the first REST call on, "false" would read as true and null as 0, on /api and
 * /trpc alike. It does not look inside a pipe, so such a field is written `jsonValue(z.boolean())`:
 * the schema piped into itself, with the same checks, messages, types and OpenAPI document, that a
 * JSON body must meet with a real boolean or number. Query strings are text: GET inputs convert
 * them explicitly (query.ts). tests/server/stockParts.test.ts runs trpc-to-openapi's coerceSchema
 * over every procedure's input and fails on any field it would change.
 */
export function jsonValue<T extends z.ZodType>(schema: T): z.ZodPipe<T, T> {
  return z.pipe(schema as z.ZodType, schema as z.ZodType) as unknown as z.ZodPipe<T, T>;
}
