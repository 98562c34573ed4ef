import { describe, expect, it } from 'vitest';
import { ZodError, z } from 'zod';
import { baseProcedure, router, syncFirst, t } from '../../src/server/trpc/init.js';

/* Procedures parse their schemas synchronously first (trpc/init.ts syncFirst): same answers, same errors. */

describe('sync-first schema parsing', () => {
  it('answers as parseAsync does, and still parses a schema with an async refinement', async () => {
    const plain = syncFirst(z.object({ n: z.number() }));
    expect(await plain.parseAsync({ n: 1, extra: true })).toEqual({ n: 1 });
    await expect(plain.parseAsync({ n: 'x' })).rejects.toBeInstanceOf(ZodError);

    let checks = 0;
    const asyncRefined = syncFirst(
      z.object({ name: z.string() }).refine(async (v) => {
        checks++;
        return v.name !== 'taken';
      }, 'taken'),
    );
    // The first parse meets the async step in its sync attempt and runs again with parseAsync.
    expect(await asyncRefined.parseAsync({ name: 'free' })).toEqual({ name: 'free' });
    expect(checks).toBe(2);
    // From then on the schema is parsed with parseAsync alone: once per parse.
    expect(await asyncRefined.parseAsync({ name: 'other' })).toEqual({ name: 'other' });
    expect(checks).toBe(3);
    const refused = await asyncRefined.parseAsync({ name: 'taken' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ZodError);
    expect((refused as ZodError).issues[0].message).toBe('taken');
  });

  it('keeps the schema object a procedure was given, and its checks', async () => {
    const input = z.object({ id: z.string().uuid() });
    const output = z.object({ ok: z.literal(true) });
    const appRouter = router({
      good: baseProcedure
        .input(input)
        .output(output)
        .query(() => ({ ok: true as const })),
      bad: baseProcedure.output(output).query(() => ({ ok: false }) as never),
    });
    expect(appRouter._def.procedures.good._def.inputs[0]).toBe(input);
    expect((appRouter._def.procedures.good._def as { output?: unknown }).output).toBe(output);
    const caller = t.createCallerFactory(appRouter)({} as never);
    await expect(caller.good({ id: '9a1c2f3e-8b7d-4c6a-9e5f-1a2b3c4d5e6f' })).resolves.toEqual({ ok: true });
    await expect(caller.good({ id: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.bad()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
  });
});
