import type { ActionsCenterActionFeed, ActionsCenterEntityFeed } from '../../../shared/schemas/actionsCenter.js';
import type { Executor } from '../../db/executor.js';
import { listFeedSalons, listPublishedWithoutLink } from '../../db/repositories/channels.js';
import { ensureSlug, salonLinkPath } from './links.js';

/*
 * Reserve with Google (Google Actions Center, appointments redirect; docs/channels.md): the entity
 * feed says where each published salon is, the action feed links each to its booking link, so a
 * customer who finds the salon on Google Search or Maps books through the salon's own link, a
 * direct booking. Salons that opted out (Settings → Online booking) are left out of both.
 */

/** A phone number as the feed wants it, with its country code: an Indian 10-digit mobile gets +91. */
function e164(phone: string | null): string | undefined {
  const digits = (phone ?? '').replace(/[^\d+]/g, '');
  if (/^\+[1-9]\d{6,14}$/.test(digits)) return digits;
  if (/^[6-9]\d{9}$/.test(digits)) return `+91${digits}`;
  if (/^0[6-9]\d{9}$/.test(digits)) return `+91${digits.slice(1)}`;
  return undefined;
}

const COUNTRY_CODES: Record<string, string> = { india: 'IN' };
const countryCode = (c: string) => (/^[A-Z]{2}$/.test(c) ? c : (COUNTRY_CODES[c.trim().toLowerCase()] ?? 'IN'));

/** Every published salon that has not opted out, each with its link (given one from its name if it had none). */
async function feedSalons(db: Executor) {
  for (const s of await listPublishedWithoutLink(db)) await ensureSlug(db, s.id, s.shop_name);
  return listFeedSalons(db);
}

export async function actionsCenterFeeds(
  db: Executor,
  publicUrl: string,
): Promise<{ entity: ActionsCenterEntityFeed; action: ActionsCenterActionFeed }> {
  const base = publicUrl.replace(/\/+$/, '');
  const salons = await feedSalons(db);
  const entity: ActionsCenterEntityFeed = { data: [] };
  const action: ActionsCenterActionFeed = { data: [] };
  for (const s of salons) {
    const hasPoint = s.latitude != null && s.longitude != null;
    const hasAddress = Boolean(s.address.trim() && s.city.trim() && s.postal_code?.trim());
    // The feed requires a location: a salon with neither a map point nor a full address cannot be matched.
    if (!hasPoint && !hasAddress) continue;
    const link = `${base}${salonLinkPath(s.slug)}`;
    const telephone = e164(s.phone);
    entity.data.push({
      entity_id: s.id,
      name: s.shop_name,
      ...(telephone ? { telephone } : {}),
      url: link,
      location: {
        ...(hasPoint ? { latitude: Number(s.latitude), longitude: Number(s.longitude) } : {}),
        ...(hasAddress
          ? {
              address: {
                country: countryCode(s.country),
                locality: s.city.trim(),
                ...(s.state.trim() ? { region: s.state.trim() } : {}),
                postal_code: s.postal_code!.trim(),
                street_address: s.address.trim(),
              },
            }
          : {}),
      },
    });
    action.data.push({ entity_id: s.id, link_id: `book-${s.id}`, url: link, actions: [{ appointment_info: {} }] });
  }
  return { entity, action };
}

/** The descriptor of one upload: the file set's name, when it was made, and its data files. */
export function feedDescriptor(kind: 'entity' | 'action', generatedAt: Date, dataFile: string) {
  return {
    generation_timestamp: Math.floor(generatedAt.getTime() / 1000),
    name: kind === 'entity' ? ('reservewithgoogle.entity' as const) : ('reservewithgoogle.action.v2' as const),
    data_file: [dataFile],
  };
}
