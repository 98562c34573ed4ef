import type { Kysely, Transaction } from 'kysely';
import type { Database } from './types.js';

/** What a repository function runs its SQL on: the database, or the caller's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
