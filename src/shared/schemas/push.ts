import { z } from 'zod';
import { PUSH_AUDIENCES } from '../constants.js';
import { idSchema } from '../validation.js';
import { jsonValue } from './jsonValue.js';
import { pagingWire, queryPageFields } from './paging.js';

const b64url = (field: string, min: number) =>
  z
    .string({ error: `${field}: required` })
    .trim()
    .min(min, `${field}: too short`)
    .max(200, `${field}: too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${field}: must be base64url`);

/** The browser's PushSubscription.toJSON(), as sent by the service-worker opt-in. */
export const pushSubscriptionShape = z.object({
  endpoint: z
    .string({ error: 'subscription.endpoint: required' })
    .trim()
    .url('subscription.endpoint: must be a URL')
    .max(1000, 'subscription.endpoint: too long'),
  expirationTime: jsonValue(z.number()).nullable().optional(),
  keys: z.object(
    {
      p256dh: b64url('subscription.keys.p256dh', 40),
      auth: b64url('subscription.keys.auth', 8),
    },
    { error: 'subscription.keys: p256dh and auth are required' },
  ),
});

export const subscribeInput = z.object({
  subscription: pushSubscriptionShape,
  userId: idSchema.optional(),
});
export const successAnswer = z.object({ success: z.literal(true), message: z.string() });

export const unsubscribeInput = z.object({
  userId: idSchema.optional(),
  /** Only this browser's subscription; without it, every subscription of the account. */
  endpoint: z.string().trim().max(1000).optional(),
});
export const unsubscribeAnswer = z.object({ success: z.literal(true), removed: z.number() });

export const vapidAnswer = z.object({ publicKey: z.string() });

export const pushBroadcastInput = z.object({
  title: z.string({ error: 'title: write a title' }).trim().min(1, 'title: write a title').max(80, 'title: at most 80 characters'),
  body: z.string({ error: 'body: write the message' }).trim().min(1, 'body: write the message').max(300, 'body: at most 300 characters'),
  url: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/[^\s]*$/, 'url: use a path inside the app, starting with /')
    .optional(),
  audience: z.enum(PUSH_AUDIENCES, { error: 'audience: all, customer, merchant or admin' }).default('all'),
});

const broadcastWire = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  audience: z.enum(PUSH_AUDIENCES),
  subscriptions: z.number(),
  sent: z.number(),
  failed: z.number(),
  pending: z.number(),
  createdAt: z.string(),
});
export type PushBroadcastWire = z.infer<typeof broadcastWire>;

export const pushBroadcastAnswer = z.object({ data: z.object({ broadcast: broadcastWire }), message: z.string() });
export const pushBroadcastsInput = z.object(queryPageFields(50, 200));
export const pushBroadcastsAnswer = z.object({
  data: z.object({ broadcasts: z.array(broadcastWire), subscribers: z.number(), paging: pagingWire }),
});
