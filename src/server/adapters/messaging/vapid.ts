import type { Db } from '../../db/index.js';
import type { Env } from '../../env.js';
import { generateVapidKeys, type VapidKeys } from './push.js';

/** VAPID keys from the environment, or generated once and kept in app_settings (all processes share them). */
export async function loadVapidKeys(db: Db, env: Env): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
  }
  const stored = () => db.selectFrom('app_settings').select('value').where('key', '=', 'vapid_keys').executeTakeFirst();
  let row = await stored();
  if (!row) {
    // The first start: whichever process stores its keys first, every process uses those.
    const fresh = await generateVapidKeys();
    await db
      .insertInto('app_settings')
      .values({ key: 'vapid_keys', value: JSON.stringify(fresh) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    row = await stored();
  }
  const keys = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return { ...keys, subject: env.VAPID_SUBJECT };
}
