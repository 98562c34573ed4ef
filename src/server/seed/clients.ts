import { sql } from 'kysely';
import type { Db } from '../db/index.js';

/**
 * Client records for the demo salon (merchant@demo.in): its three most frequent customers get
 * flags, tags and notes, one note with an earlier version, so booking cards and the client record
 * show real rows. Authored by the salon's owner, dated around their visits.
 */
export async function seedClientRecords(db: Db): Promise<void> {
  const owner = await db
    .selectFrom('accounts')
    .select(['id', 'first_name', 'last_name'])
    .where('email', '=', 'merchant@demo.in')
    .executeTakeFirst();
  if (!owner) return;
  const author = `${owner.first_name} ${owner.last_name}`.trim() || 'Salon owner';
  const { rows: regulars } = await sql<{ user_id: string; first_visit: Date }>`
    select user_id, min(starts_at) as first_visit from bookings
    where merchant_id = ${owner.id} and user_id is not null and status <> 'blocked'
    group by user_id order by count(*) desc, user_id limit 3`.execute(db);
  const profiles = [
    { allergies: 'PPD (para-phenylenediamine) in hair dye', patch_test: 'failed' as const, tags: ['Colour client', 'Sensitive scalp'] },
    { allergies: '', patch_test: 'passed' as const, tags: ['VIP', 'Bridal 2026'] },
    { allergies: 'Latex gloves', patch_test: 'none' as const, tags: ['Prefers mornings'] },
  ];
  const notes = [
    ['Patch test on the inner arm reacted within 24 h: no oxidative colour. Use henna-based or ammonia-free only after a new test.'],
    [
      'Balayage, level 7 base, 9.1 toner 20 min.',
      'Balayage, level 7 base, 9.1 toner 15 min (20 went too ashy). Olaplex No. 1 in the lightener.',
    ],
    ['Use nitrile gloves. Likes a quiet chair by the window.'],
  ];
  for (const [i, c] of regulars.entries()) {
    const p = profiles[i];
    const on = new Date(new Date(c.first_visit).getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    await db
      .insertInto('client_profiles')
      .values({
        merchant_id: owner.id,
        client_key: c.user_id,
        allergies: p.allergies,
        patch_test: p.patch_test,
        patch_test_on: p.patch_test === 'none' ? null : on,
        tags: p.tags,
        updated_by: owner.id,
      })
      .execute();
    let revises: string | null = null;
    for (const [v, body] of notes[i].entries()) {
      const at: Date = new Date(new Date(c.first_visit).getTime() + v * 7 * 86_400_000);
      const row: { id: string } = await db
        .insertInto('client_notes')
        .values({ merchant_id: owner.id, client_key: c.user_id, body, author_id: owner.id, author_name: author, revises, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      revises = row.id;
    }
  }
}
