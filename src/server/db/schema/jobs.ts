/** Table types for durable job queue, push subscriptions (me); merged into Database in ../types.ts. */
export interface JobsTables {}
