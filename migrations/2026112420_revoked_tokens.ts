import { type Kysely, sql } from 'kysely';

/*
 * Logout ends one session: the token's id (its `jti` claim) is kept here until the token expires,
 * and the per-request account check (trpc/context.ts) refuses a token whose id is listed. A row is
 * useless once its token has expired (the signature check refuses the token by then), so each new
 * logout deletes the expired rows first (services/auth, accounts repository), through the
 * expires_at index; the table holds at most the tokens logged out within one token lifetime.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table revoked_tokens (
      jti text primary key,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index revoked_tokens_expires_idx on revoked_tokens (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists revoked_tokens`.execute(db);
}
