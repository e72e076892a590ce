/**
 * The server's settings, read once from the environment and checked at start-up.
 * Every variable is documented in .env.example; the defaults run locally.
 */
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  META_PIXEL_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{6,20}$/, 'must be the numeric ID from Meta Events Manager (digits only)')
      .optional(),
  ),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, 'must be file:PATH (SQLite) or postgres://… (PostgreSQL)')
    .default('file:./data/enquiries.db'),
  /** Enquiries accepted per client IP per minute. */
  ENQUIRY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Which proxy headers to believe for the client's IP: unset/false (none: the
   * socket's address), true (any), a hop count, or a comma-separated list of proxy IPs.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value): boolean | number | string => {
        if (value === undefined || value === 'false') return false;
        if (value === 'true') return true;
        if (/^\d+$/.test(value)) return Number(value);
        return value;
      }),
  ),
  /** Bearer token for GET /api/enquiries/export; unset disables the endpoint. */
  STAFF_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(24, 'must be at least 24 characters (use a long random value)').optional(),
  ),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment, or throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data;
}
