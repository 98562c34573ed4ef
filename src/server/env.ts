import { z } from 'zod';

// An empty variable (`DATABASE_URL=` in a shell or .env file) means unset.
const optional = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (v === '' ? undefined : v), inner.optional());

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
