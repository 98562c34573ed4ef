/*
 * What a service is handed: the process's dependencies (AppDeps) and who is asking (Actor). Types
 * only, so services, jobs and the HTTP layer depend on this module and not on the tRPC transport
 * (trpc/context.ts builds them per request).
 */
import type { Role } from '../shared/constants.js';
import type { StaffRole } from '../shared/staffRoles.js';
import type { Adapters } from './adapters/types.js';
import type { Db } from './db/index.js';
import type { ReplicaReads } from './db/replica.js';
import type { Env } from './env.js';
import type { TokenService } from './services/auth/tokens.js';

export interface AppDeps {
  /** The primary: every write, and every read that must see the latest writes. */
  db: Db;
  /**
   * Discovery reads only (search, home, salon page, slots for display), chosen per request by
   * trpc/reads.ts discoveryDb: the replica (DATABASE_REPLICA_URL) when there is one, else `db`.
   */
  readDb: Db;
  /** The replica's state, when there is one (db/replica.ts). */
  replica?: Pick<ReplicaReads, 'usable' | 'lagSeconds'>;
  env: Env;
  tokens: TokenService;
  adapters: Adapters;
  /**
   * The server's clock: time-of-day rules (TRAI quiet hours, the India day of the message limit)
   * read the time here, so tests pin it instead of depending on when they run.
   */
  now: () => Date;
}

export interface Actor {
  id: string;
  role: Role;
  email: string;
  /**
   * Set when a salon's member (receptionist or professional) is signed in: `id` is then the
   * salon's (its owner account's), so every merchant service acts on that salon, and what the
   * member may call is narrowed by trpc/procedures.ts (staffGate).
   */
  member?: SalonMemberActor;
}

/** A signed-in member of a salon; `staffId` is a professional's own staff row. */
export interface SalonMemberActor {
  id: string;
  role: StaffRole;
  staffId: string | null;
  name: string;
}

/** One token's identity: what logout records (services/auth) so that the token is refused from then on. */
export interface Session {
  jti: string;
  expiresAt: Date;
}
