import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, toTRPCError } from '../../src/server/errors.js';
import { createContextFactory, type AppDeps } from '../../src/server/trpc/context.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('a database that cannot be reached is a 503, not a 500', () => {
  it('recognises refused and lost connections, shutdowns, start-ups and a full server', () => {
    for (const err of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('08006', 'connection failure'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
      const mapped = toTRPCError(err);
      expect([mapped.code, mapped.message]).toEqual(['SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE]);
    }
  });

  it('leaves the request’s own errors and real faults alone', () => {
    expect(toTRPCError(withCode('23P01')).code).toBe('CONFLICT');
    expect(toTRPCError(withCode('22P02')).code).toBe('BAD_REQUEST');
    for (const err of [withCode('42P01', 'relation "x" does not exist'), new Error('Connection terminated unexpectedly by a typo'), new TypeError('x is undefined'), 'text', null]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
      expect(toTRPCError(err).code).toBe('INTERNAL_SERVER_ERROR');
    }
  });

  it('a signed-in request whose session cannot be checked gets the 503 too', async () => {
    const failing = () => Promise.reject(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'));
    const query = { select: () => query, where: () => query, executeTakeFirst: failing };
    const deps = {
      tokens: { verify: async () => ({ sub: 'a', role: 'customer', ver: 0 }) },
      db: { selectFrom: () => query },
    } as unknown as AppDeps;
    const context = createContextFactory(deps)({ req: { headers: { authorization: 'Bearer t' }, socket: {} } as never });
    await expect(context).rejects.toBeInstanceOf(TRPCError);
    await expect(context).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
