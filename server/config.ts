/**
 * The server's settings, read once from the environment and checked at start-up.
 * Every variable is documented in .env.example; the defaults run locally.
 */
import { createECDH } from 'node:crypto';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A VAPID private key: 32 bytes in base64url that make a P-256 key. */
function isVapidPrivateKey(value: string) {
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length !== 32 || bytes.toString('base64url') !== value) return false;
  try {
    createECDH('prime256v1').setPrivateKey(bytes);
    return true;
  } catch {
    return false;
  }
}

export const envSchema = z
  .object({
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
    /**
     * Meta's Conversions API: with an access token (Events Manager → the pixel → Settings →
     * Conversions API) and META_PIXEL_ID, each consenting adult's enquiry is also sent to
     * Meta from the server as the same Lead as the browser's.
     */
    META_CAPI_ACCESS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(20, 'must be the access token Events Manager generated').optional(),
    ),
    /** The Graph API base the events are POSTed under (<url>/<pixel id>/events). */
    META_CAPI_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v26.0'),
    ),
    /** Events Manager's "Test events" code: events then show there only, not in reports. Unset in production. */
    META_CAPI_TEST_EVENT_CODE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9]{1,40}$/, 'must be the code from Events Manager → Test events (letters and digits)')
        .optional(),
    ),
    /**
     * Google Ads' name of the conversion action an enrolment counts as (Goals → Conversions, an
     * import "from clicks"): the desk's Google Ads export writes it on every row, and Google
     * matches it exactly.
     */
    GOOGLE_ADS_CONVERSION_NAME: z
      .string()
      .trim()
      .min(1)
      .max(100, 'must be at most 100 characters (Google Ads names a conversion action in up to 100)')
      .default('Enrolment'),
    /** The built site to serve (npm run build writes it). */
    CLIENT_DIR: z.string().min(1).default('build/client'),
    DATABASE_URL: z
      .string()
      .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, 'must be file:PATH (SQLite) or postgres://… (PostgreSQL)')
      .default('file:./data/enquiries.db'),
    /** Enquiries accepted per client IP per minute. */
    ENQUIRY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000_000).default(10),
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
    /** Email to the institute: an SMTP URL (smtp://user:pass@host:587, smtps://…) and the recipients. */
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^smtps?$/, error: 'must be smtp://… or smtps://…' }).optional(),
    ),
    ENQUIRY_NOTIFY_TO: z.preprocess(emptyToUndefined, z.string().min(3).optional()),
    ENQUIRY_NOTIFY_FROM: z.preprocess(emptyToUndefined, z.string().min(3).optional()),
    /** A URL that receives each enquiry as a signed JSON POST. */
    ENQUIRY_WEBHOOK_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    ENQUIRY_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
    /** First retry delay; each later one doubles (with jitter), up to an hour. */
    DELIVERY_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
    /** How long a claimed delivery stays with one instance before another may take it over. */
    DELIVERY_LEASE_MS: z.coerce.number().int().min(100).default(60_000),
    DELIVERY_POLL_MS: z.coerce.number().int().min(10).default(2_000),
    /** How often each instance looks for newly published content (and a new day) to render its pages from. */
    CONTENT_CHECK_MS: z.coerce.number().int().min(100).max(60_000).default(500),
    /** Enquiries (and their delivery records) older than this are deleted, once a day and by `npm run enquiries -- purge`. */
    ENQUIRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    /** Exports (the desk's and the bearer-token endpoint's) allowed per member of staff or token per minute. */
    EXPORT_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
    /** Publications (and restores) one member of staff may make a minute: each renders every page to check it. */
    PUBLICATION_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(6),
    /** Previews one member of staff may ask for a minute: each renders a page. */
    PREVIEW_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
    /** The enquiry desk's session cookie is sent only over HTTPS (set true when the site is served over HTTPS). */
    COOKIE_SECURE: z.preprocess(
      emptyToUndefined,
      z
        .enum(['true', 'false'], 'must be true or false')
        .default('false')
        .transform((value) => value === 'true'),
    ),
    /** A desk session unused for this long ends. */
    STAFF_SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(120),
    /** A desk session ends this long after sign-in, however busy. */
    STAFF_SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    /**
     * Sign-in attempts that go straight through from one address for one account (and from a
     * browser the account used before), and from one address across accounts; after them each
     * attempt waits SIGN_IN_FIRST_WAIT_SECONDS, doubling, up to SIGN_IN_LOCK_MINUTES (which is
     * also how long a quiet count is kept). No account is ever locked for everyone.
     */
    SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    SIGN_IN_MAX_FAILURES_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(20),
    SIGN_IN_FIRST_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(1),
    SIGN_IN_LOCK_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    /**
     * How hard staff passwords are hashed: `production` (scrypt at OWASP's cost, always in
     * production) or `test`, a cheap cost for the test suites, refused unless NODE_ENV=test.
     */
    STAFF_PASSWORD_COST: z.enum(['production', 'test'], 'must be production or test').default('production'),
    /**
     * Signs each registrant's link (their admit card, reschedule, cancel). Unset: the server makes
     * one and keeps it in the database, where every instance finds it.
     */
    REGISTRATION_LINK_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters (use a long random value)').optional(),
    ),
    /**
     * How one-time codes reach a family's phone (server/phone-codes/senders.ts): `msg91` (SMS, a
     * DLT-registered template), `whatsapp` (an authentication template by the Cloud API), or `log`
     * (none: each code is written to the server's log with a warning, for trying the site locally).
     */
    PHONE_CODE_PROVIDER: z.enum(['log', 'msg91', 'whatsapp'], 'must be log, msg91 or whatsapp').default('log'),
    /**
     * One-time codes an hour from one client address, and from its network (/24 or /64): what holds a
     * bot with made-up numbers. Raise them for many families behind one address (an office, a school).
     */
    PHONE_CODE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
    PHONE_CODE_LIMIT_PER_NETWORK: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /** MSG91: the account's auth key, and the SendOTP template (mapped to its DLT template) with ##OTP##. */
    MSG91_AUTH_KEY: z.preprocess(emptyToUndefined, z.string().min(10, 'must be the auth key from MSG91').optional()),
    MSG91_TEMPLATE_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9]{6,40}$/, 'must be the template id MSG91 shows (letters and digits)')
        .optional(),
    ),
    MSG91_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/ }).default('https://control.msg91.com/api/v5/otp'),
    ),
    /** WhatsApp Cloud API: a system user's token, the sending number's id, and the approved authentication template's name. */
    WHATSAPP_ACCESS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(20, 'must be the access token from Meta Business Manager').optional(),
    ),
    WHATSAPP_PHONE_NUMBER_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{6,20}$/, 'must be the phone number id from WhatsApp Manager (digits only)')
        .optional(),
    ),
    WHATSAPP_CODE_TEMPLATE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9_]{1,512}$/, 'must be the template name (lower-case letters, digits and _)')
        .optional(),
    ),
    WHATSAPP_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v23.0'),
    ),
    /**
     * Web Push to the desk's phone app (issue 41): the VAPID private key the server signs its
     * pushes with (base64url, 32 bytes: `npx web-push generate-vapid-keys` prints one). Unset, the
     * server makes one on first use and keeps it in the database, as every instance must sign alike.
     * Changing it makes every device turn notifications on again.
     */
    WEB_PUSH_VAPID_PRIVATE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(
          isVapidPrivateKey,
          'must be a P-256 private key, 32 bytes in base64url (npx web-push generate-vapid-keys)',
        )
        .optional(),
    ),
    /** Who the push services may write to about our pushes: a mailto: address or an https: page. Unset: the site's address. */
    WEB_PUSH_SUBJECT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be mailto:someone@example.com or an https:// address')
        .optional(),
    ),
    /**
     * The push services a device's subscription may point at (host names; a subdomain counts): a
     * signed-in member cannot make the server post to anywhere else. https only, but for 127.0.0.1
     * and localhost when listed (the tests' stand-in push service).
     */
    WEB_PUSH_SERVICES: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com')
        .transform((list) =>
          list
            .split(',')
            .map((host) => host.trim().toLowerCase())
            .filter(Boolean),
        )
        .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be host names, separated by commas')).min(1)),
    ),
    /** Bearer token for GET /api/enquiries/export; unset disables the endpoint. */
    STAFF_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(24, 'must be at least 24 characters (use a long random value)').optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.STAFF_PASSWORD_COST === 'test' && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['STAFF_PASSWORD_COST'],
        message: 'test is for the test suites only (NODE_ENV=test): real passwords are hashed at production cost',
      });
    }
    const needs: Record<typeof env.PHONE_CODE_PROVIDER, (keyof typeof env)[]> = {
      log: [],
      msg91: ['MSG91_AUTH_KEY', 'MSG91_TEMPLATE_ID'],
      whatsapp: ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_CODE_TEMPLATE'],
    };
    for (const name of needs[env.PHONE_CODE_PROVIDER]) {
      if (env[name] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is needed with PHONE_CODE_PROVIDER=${env.PHONE_CODE_PROVIDER}`,
        });
      }
    }
    if (env.META_CAPI_ACCESS_TOKEN && !env.META_PIXEL_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['META_CAPI_ACCESS_TOKEN'],
        message: 'needs META_PIXEL_ID too (the events are sent to that pixel)',
      });
    }
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
