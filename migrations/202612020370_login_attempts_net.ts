import { type Kysely, sql } from 'kysely';

/*
 * The network a sign-in attempt came from (services/auth/clientNet.ts): the IPv4 address, or the
 * /64 of an IPv6 one. The sign-in throttle counts failures per network, so a client cannot take a
 * fresh bucket per address of its /64. Attempts of the last day are filled in from their address
 * (an IPv6 address stands for itself there; the throttle's window is minutes long).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table login_attempts add column net text`.execute(db);
  await sql`update login_attempts set net = ip where created_at > now() - interval '1 day'`.execute(db);
  await sql`create index login_attempts_net_idx on login_attempts (net, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index login_attempts_net_idx`.execute(db);
  await sql`alter table login_attempts drop column net`.execute(db);
}
