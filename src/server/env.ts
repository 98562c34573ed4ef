import { z } from 'zod';

// An empty variable (`DATABASE_URL=` in a shell or .env file) means unset.
const optional = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (v === '' ? undefined : v), inner.optional());

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optional(z.string().url()),
  DATA_DIR: z.string().default('./.data'),
  JWT_SECRET: optional(z.string().min(32)),
  JWT_TTL: z.string().default('7d'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  SMTP_URL: optional(z.string()),
  MAIL_FROM: z.string().default('GlowBook <no-reply@glowbook.in>'),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  GEOCODER_URL: optional(z.string().url()),
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
  // The platform's GST registration state (CGST+SGST inside it, IGST outside).
  PLATFORM_STATE: z.string().default('Karnataka'),
});

export type Env = z.infer<typeof schema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
