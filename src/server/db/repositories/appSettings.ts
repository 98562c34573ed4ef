import type { Executor } from '../executor.js';

/**
 * The setting's value, storing `value` first when the key has none: whichever process stores its
 * value first, every process reads that one.
 */
export async function settingOnce(db: Executor, key: string, value: string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

/** The setting's value, or undefined when the key has none. */
export async function findSetting(db: Executor, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
