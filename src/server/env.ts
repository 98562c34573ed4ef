import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL: z.string().default('7d'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('GlowBook <no-reply@glowbook.in>'),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  GEOCODER_URL: z.string().url().optional(),
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
