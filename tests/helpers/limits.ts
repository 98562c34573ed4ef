import { sql } from 'kysely';
import type { Db } from '../../src/server/db/index.js';

/** Moves a destination's code rows and its rate-limit events `seconds` into the past, as if that time had passed. */
export async function ageCodesAndLimits(db: Db, destination: string, seconds: number): Promise<void> {
  await sql`update one_time_codes set created_at = created_at - make_interval(secs => ${seconds}) where destination = ${destination}`.execute(
    db,
  );
  await sql`update rate_events set at = at - make_interval(secs => ${seconds}) where key = ${destination} or key like ${`${destination}|%`}`.execute(
    db,
  );
}
