import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, type Transaction, type TransactionBuilder } from 'kysely';

/*
 * Services open their own transaction (`deps.db.transaction()`), so a procedure middleware cannot
 * wrap the change in a transaction of its own: Kysely has no nested transactions, and handing the
 * services a transaction in place of `deps.db` would break what keys on the database object (the
 * discovery cache) and what holds the database itself (the queued e-mail adapter). Instead the
 * middleware leaves an audit entry pending for the request, and the first transaction the request
 * opens writes it just before its COMMIT: the change and its audit row commit or roll back together.
 */

type Write = (trx: Transaction<any>) => Promise<void>;

/** open → claimed by a running transaction → written with its commit; closed once the request is over. */
export class PendingAudit {
  state: 'open' | 'claimed' | 'written' | 'closed' = 'open';
  constructor(readonly write: Write) {}
}

const pending = new AsyncLocalStorage<PendingAudit>();

/** Runs a request's handler with `entry` pending; afterwards nothing started by the request can claim it. */
export async function withPendingAudit<T>(entry: PendingAudit, run: () => Promise<T>): Promise<T> {
  try {
    return await pending.run(entry, run);
  } finally {
    if (entry.state === 'open') entry.state = 'closed';
  }
}

function carrying<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const carrier = {
    setAccessMode: (mode: Parameters<TransactionBuilder<DB>['setAccessMode']>[0]) => carrying(builder.setAccessMode(mode)),
    setIsolationLevel: (level: Parameters<TransactionBuilder<DB>['setIsolationLevel']>[0]) => carrying(builder.setIsolationLevel(level)),
    execute<T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      const entry = pending.getStore();
      if (!entry || entry.state !== 'open') return builder.execute(callback);
      // Claimed when the transaction starts, so other work the request set off meanwhile cannot
      // carry the entry in a transaction of its own (the job runner also leaves the request's
      // context when a request wakes it: jobs/runner.ts).
      entry.state = 'claimed';
      return builder
        .execute(async (trx) => {
          const result = await callback(trx);
          await entry.write(trx);
          return result;
        })
        .then(
          (result) => {
            entry.state = 'written';
            return result;
          },
          (err: unknown) => {
            // Rolled back: a later transaction of the same request may still carry it.
            entry.state = 'open';
            throw err;
          },
        );
    },
  };
  // TransactionBuilder has private fields, so no other object satisfies its type; these three
  // methods are its whole public surface.
  return carrier as unknown as TransactionBuilder<DB>;
}

/** The app's Kysely: every top-level transaction writes the request's pending audit entry, if any. */
export class AuditingKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return carrying(super.transaction());
  }
}
