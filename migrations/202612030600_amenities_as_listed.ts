import { type Kysely, sql } from 'kysely';

/*
 * Issue 39: amenities are one list (AMENITIES in src/shared/constants.ts, `amenitySchema` on every
 * input). The app has only ever stored the list's spelling, but rows written another way (an import,
 * a hand edit) could hold a variant: each stored amenity that is a listed one in another case, or a
 * known variant of one, is rewritten as the list spells it, once per salon, in its order, so the
 * search's filter (an exact `@>` on the array) finds it. An unknown value is left as it is: it is the
 * salon's text, the search never matches it, and the salon's next save of its amenities (from the
 * list) drops it. The trigger on merchants keeps salon_search in step.
 */
const VARIANTS: Record<string, string> = {
  'free wifi': 'Free WiFi',
  wifi: 'Free WiFi',
  'wi-fi': 'Free WiFi',
  'free wi-fi': 'Free WiFi',
  parking: 'Parking',
  'free parking': 'Parking',
  'parking available': 'Parking',
  'card payment': 'Card Payment',
  'card payments': 'Card Payment',
  'cards accepted': 'Card Payment',
  'wheelchair access': 'Wheelchair Access',
  'wheelchair accessible': 'Wheelchair Access',
  'child friendly': 'Child Friendly',
  'child-friendly': 'Child Friendly',
  'kid friendly': 'Child Friendly',
  'kids friendly': 'Child Friendly',
  refreshments: 'Refreshments',
  'product store': 'Product Store',
  'online booking': 'Online Booking',
};

export async function up(db: Kysely<any>): Promise<void> {
  const map = sql.join(Object.entries(VARIANTS).map(([variant, listed]) => sql`(${variant}::text, ${listed}::text)`));
  await sql`
    with fixed as (
      select m.id, array(
        select coalesce(v.listed, u.a)
        from unnest(m.amenities) with ordinality u(a, n)
        left join (values ${map}) v(variant, listed) on v.variant = lower(btrim(u.a))
        group by coalesce(v.listed, u.a)
        order by min(u.n)
      ) as amenities
      from merchants m
      where cardinality(m.amenities) > 0
    )
    update merchants m set amenities = fixed.amenities
    from fixed
    where fixed.id = m.id and m.amenities is distinct from fixed.amenities`.execute(db);
}

export async function down(): Promise<void> {
  // The variants rewritten are not kept: the listed spelling is what they meant.
}
