import { z } from 'zod';
import { demoGstin, gstinProblem, gstinStateProblem, gstStateCode } from '../shared/gstin.js';

// An empty variable (`DATABASE_URL=` in a shell or .env file) means unset.
const optional = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (v === '' ? undefined : v), inner.optional());

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    // Which proxies' X-Forwarded-For/-Proto to believe (client IPs for throttling, https links): Express's
    // 'trust proxy' values, e.g. 'loopback', 'loopback, uniquelocal' (a proxy on a private network), '10.0.0.0/8', or a hop count.
    TRUST_PROXY: z.string().trim().min(1).default('loopback'),
    DATABASE_URL: optional(z.string().url()),
    DATA_DIR: z.string().default('./.data'),
    JWT_SECRET: optional(z.string().min(32)),
    JWT_TTL: z.string().default('7d'),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    // A streaming replica (hot standby) of DATABASE_URL: discovery reads go there (db/replica.ts).
    DATABASE_REPLICA_URL: optional(z.string().url()),
    // Seconds a replica may lag behind before discovery reads go back to the primary.
    REPLICA_MAX_LAG_S: z.coerce.number().min(0).max(3600).default(5),
    // Where uploaded images live: auto = s3 with S3_BUCKET, else the database with DATABASE_URL, else the disk.
    UPLOAD_STORAGE: z.enum(['auto', 'disk', 'database', 's3']).default('auto'),
    S3_BUCKET: optional(z.string()),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: optional(z.string().url()),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    S3_PREFIX: z.string().default(''),
    S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'])),
    SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
    SMTP_URL: optional(z.string()),
    MAIL_FROM: z.string().default('GlowBook <no-reply@glowbook.in>'),
    // The address customers reach the app at: every link in an e-mail, text or page is built on it.
    PUBLIC_URL: optional(z.string().url('PUBLIC_URL: an absolute URL such as https://glowbook.example')),
    GEOCODER_URL: optional(z.string().url()),
    // Browser apps of partners on other origins that may call /api (CORS), comma-separated: https://app.partner.in,https://x.in
    API_CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v, ctx) => {
        const origins = v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean);
        for (const o of origins) {
          let url: URL | undefined;
          try {
            url = new URL(o);
          } catch {}
          if (!url || !/^https?:$/.test(url.protocol) || url.origin !== o)
            ctx.addIssue({
              code: 'custom',
              message: `API_CORS_ORIGINS: ${o} is not an origin such as https://app.partner.in (scheme and host, no path)`,
            });
        }
        return origins;
      }),
    LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
    // Background jobs (reminders, message delivery). Off only for processes that must not run them.
    JOBS: z.enum(['on', 'off']).default('on'),
    JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    JOB_WORKERS: z.coerce.number().int().min(1).max(16).default(3),
    JOB_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(5),
    // SMS via Twilio when all three are set; otherwise the offline outbox.
    TWILIO_ACCOUNT_SID: optional(z.string()),
    TWILIO_AUTH_TOKEN: optional(z.string()),
    TWILIO_FROM: optional(z.string()),
    // WhatsApp via the WhatsApp Business Cloud API when both are set; otherwise the offline outbox.
    WHATSAPP_TOKEN: optional(z.string()),
    WHATSAPP_PHONE_NUMBER_ID: optional(z.string()),
    // Web push: generated and stored in the database on first start when not given.
    VAPID_PUBLIC_KEY: optional(z.string()),
    VAPID_PRIVATE_KEY: optional(z.string()),
    VAPID_SUBJECT: z.string().default('mailto:support@glowbook.in'),
    // Google sign-in is enabled only with a client id (ID tokens are verified against Google's keys).
    GOOGLE_CLIENT_ID: optional(z.string()),
    // Payments via Razorpay when both are set; otherwise the offline test gateway.
    RAZORPAY_KEY_ID: optional(z.string()),
    RAZORPAY_KEY_SECRET: optional(z.string()),
    // Razorpay webhooks (POST /api/payments/razorpay/webhook) are accepted only signed with this; unset = 412.
    RAZORPAY_WEBHOOK_SECRET: optional(z.string()),
    // The platform's GST registration state (CGST+SGST inside it, IGST outside).
    PLATFORM_STATE: z.string().default('Karnataka'),
    // The platform's GSTIN, printed on every tax invoice and credit note; unset = a demo GSTIN of PLATFORM_STATE.
    PLATFORM_GSTIN: optional(z.string().trim().toUpperCase()),
  })
  .superRefine((env, ctx) => {
    if (env.UPLOAD_STORAGE === 's3' && !env.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required with UPLOAD_STORAGE=s3' });
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'set both S3 keys, or neither (the SDK then finds credentials itself)',
      });
    }
    if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL)
      ctx.addIssue({ code: 'custom', path: ['DATABASE_REPLICA_URL'], message: 'a replica needs DATABASE_URL (its primary)' });
    if (!gstStateCode(env.PLATFORM_STATE))
      ctx.addIssue({ code: 'custom', path: ['PLATFORM_STATE'], message: 'a state or union territory of India, e.g. Karnataka' });
    if (env.PLATFORM_GSTIN === undefined) return;
    const problem = gstinProblem(env.PLATFORM_GSTIN) ?? gstinStateProblem(env.PLATFORM_GSTIN, env.PLATFORM_STATE);
    if (problem) ctx.addIssue({ code: 'custom', path: ['PLATFORM_GSTIN'], message: problem.replace('your salon', 'PLATFORM_STATE') });
  });

/** The variables the server reads (docs/operations.md and compose.yaml are checked against them). */
export const ENV_KEYS: readonly string[] = Object.keys(schema.shape);

/** The environment with PUBLIC_URL resolved: as given without a trailing slash, else this server's own local address. */
export type Env = Omit<z.infer<typeof schema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** PUBLIC_URL was set; when not, links point at localhost, which only this machine can open. */
  PUBLIC_URL_SET: boolean;
};

function resolve(e: z.infer<typeof schema>): Env {
  return {
    ...e,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    PUBLIC_URL_SET: e.PUBLIC_URL !== undefined,
  };
}

/** Where uploads go: UPLOAD_STORAGE, or with `auto` S3 when a bucket is named, else the database when there is a server, else the disk. */
export function uploadStorageOf(env: Pick<Env, 'UPLOAD_STORAGE' | 'S3_BUCKET' | 'DATABASE_URL'>): 'disk' | 'database' | 's3' {
  if (env.UPLOAD_STORAGE !== 'auto') return env.UPLOAD_STORAGE;
  return env.S3_BUCKET ? 's3' : env.DATABASE_URL ? 'database' : 'disk';
}

/** What an operator should fix before customers use this server; printed at start. */
export function startupWarnings(env: Env): string[] {
  const warnings: string[] = [];
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL_SET) {
    warnings.push(
      `PUBLIC_URL is not set: links in e-mails and texts point at ${env.PUBLIC_URL}, which only this machine can open. ` +
        'Set PUBLIC_URL to the address customers use, e.g. PUBLIC_URL=https://glowbook.example',
    );
  }
  return warnings;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return resolve(parsed.data);
}

/** The platform's GST registration: its state and GSTIN. */
export function platformGst(env: Pick<Env, 'PLATFORM_STATE' | 'PLATFORM_GSTIN'>): { state: string; gstin: string } {
  return { state: env.PLATFORM_STATE, gstin: env.PLATFORM_GSTIN ?? demoGstin(env.PLATFORM_STATE) };
}
