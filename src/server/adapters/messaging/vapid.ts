import type { Db } from '../../db/index.js';
import { findSetting, settingOnce } from '../../db/repositories/appSettings.js';
import type { Env } from '../../env.js';
import { generateVapidKeys, type VapidKeys } from './push.js';

/** VAPID keys from the environment, or generated once and kept in app_settings (all processes share them). */
export async function loadVapidKeys(db: Db, env: Env): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
  }
  let value = await findSetting(db, 'vapid_keys');
  if (value === undefined) {
    // The first start: whichever process stores its keys first, every process uses those.
    value = await settingOnce(db, 'vapid_keys', JSON.stringify(await generateVapidKeys()));
  }
  const keys = JSON.parse(value) as { publicKey: string; privateKey: string };
  return { ...keys, subject: env.VAPID_SUBJECT };
}
