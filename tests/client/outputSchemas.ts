import { appRouter } from '../../src/server/routers/index';

/*
 * What the server could send: each procedure's output schema, read from the app's router (the
 * `.output()` every procedure declares, which the server parses its answers through). The client
 * tests' fake servers (mswTrpc, trpcStub) pass every canned answer through it, so a fixture that
 * has drifted from the server's wire shape fails its test instead of passing on data the server
 * would never send.
 */

interface OutputSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };
}
interface Issue {
  path: PropertyKey[];
  message: string;
}

// Keyed by the full path ('users.getWallet') at run time; typed as the nested router.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { output?: OutputSchema } } | undefined>;

/** A canned answer the server could not have sent. */
export class FixtureDrift extends Error {}

/**
 * The answer as the server would send it (parsed by the procedure's output schema: defaults
 * applied, unknown keys dropped), or a FixtureDrift naming the procedure and every field that
 * does not fit.
 */
export function asServerWouldSend(path: string, data: unknown): unknown {
  const procedure = procedures[path];
  if (!procedure) throw new FixtureDrift(`${path}: the app's router has no such procedure`);
  const schema = procedure._def.output;
  if (!schema) throw new FixtureDrift(`${path}: the procedure declares no output schema to check the fixture against`);
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `  ${i.path.map(String).join('.') || '(answer)'}: ${i.message}`);
  throw new FixtureDrift(`the fixture answering ${path} is not what its output schema allows:\n${problems.join('\n')}`);
}
