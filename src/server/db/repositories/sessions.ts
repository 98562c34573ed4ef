import { compiledOnce } from '../compiled.js';

/**
 * What every signed-in request reads of its account, and whether logout ended the token (a jti
 * null, a token issued before tokens had an id, is never listed): one statement, compiled once,
 * as it runs on every such request (trpc/context.ts resolveActor).
 */
export const signedInAccount = compiledOnce((db, id: string, jti: string | null) =>
  db
    .selectFrom('accounts')
    .select(['id', 'role', 'email', 'is_blocked', 'token_version'])
    .select((eb) => eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti)).as('revoked'))
    .where('id', '=', id),
);
