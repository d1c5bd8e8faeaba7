import { z } from 'zod';
import { evaluateArithmetic } from './env-arithmetic';

/** Environment variables, as strings, the way the process sees them. */
export type Env = Readonly<Record<string, string | undefined>>;

const flag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (value === 'true' || value === '1' || value === 'yes') return true;
      if (value === 'false' || value === '0' || value === 'no') return false;
      ctx.addIssue({ code: 'custom', message: `expected true or false, got "${value}"` });
      return z.NEVER;
    });

/** A true/false setting whose default depends on other settings: undefined when not given. */
const optionalFlag = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value))
  .pipe(flag(false).optional());

const port = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0 || n > 65535) {
        ctx.addIssue({ code: 'custom', message: `expected a port number, got "${value}"` });
        return z.NEVER;
      }
      return n;
    });

const positiveInt = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const n = Number(value);
      if (!Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `expected a non-negative number, got "${value}"` });
        return z.NEVER;
      }
      return n;
    });

/** Milliseconds, as a number or LibreChat-style arithmetic (`1000 * 60 * 15`). */
const milliseconds = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const n = evaluateArithmetic(value);
      if (n === undefined || n < 0) {
        ctx.addIssue({
          code: 'custom',
          message: `expected milliseconds (e.g. 1000 * 60 * 15), got "${value}"`,
        });
        return z.NEVER;
      }
      return Math.round(n);
    });

/**
 * `BAN_VIOLATIONS`: how many violation points within `BAN_INTERVAL` minutes ban the offender; `true` (the
 * LibreChat way of switching bans on) means the default, `false` or `0` switches bans off.
 */
const banThreshold = (fallback: number) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '' || value === 'true') return fallback;
      if (value === 'false') return 0;
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `expected true, false or a number, got "${value}"` });
        return z.NEVER;
      }
      return n;
    });

const text = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const url = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return undefined;
    if (!URL.canParse(value)) {
      ctx.addIssue({ code: 'custom', message: `expected a URL, got "${value}"` });
      return z.NEVER;
    }
    return value.replace(/\/+$/, '');
  });

/** A comma-separated list (`OPENAI_MODELS=gpt-4o,gpt-4o-mini`); undefined when empty. */
const commaList = z
  .string()
  .optional()
  .transform((value) => {
    const items = (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    return items.length > 0 ? items : undefined;
  });

/** Where to look for a local Ollama (default http://127.0.0.1:11434); `off` or `false` stops looking. */
const ollamaBaseUrl = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return 'http://127.0.0.1:11434';
    if (/^(off|false|no|none)$/i.test(value)) return null;
    if (!URL.canParse(value)) {
      ctx.addIssue({ code: 'custom', message: `expected a URL or "off", got "${value}"` });
      return z.NEVER;
    }
    return value.replace(/\/+$/, '');
  });

/**
 * The environment variables Parley reads, with the names LibreChat deployments use (API.md).
 * Later features add theirs here, so the whole environment is validated once at start-up.
 */
export const envSchema = z.object({
  NODE_ENV: text,
  LOG_LEVEL: text,
  PORT: port(3080),
  HOST: text,
  DATA_DIR: text,
  DATABASE_URL: url,
  REDIS_URL: url,
  /** Put before every Redis key, so that several deployments can share one Redis (default `parley:`). */
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1–64 letters, digits or : _ . -')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Which proxies may tell the client address through X-Forwarded-For: a hop count, `true`/`false`, or
   * addresses/subnets (`loopback`, `10.0.0.0/8`, …). Default `loopback`: a reverse proxy on the same host.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value): string | number => {
      if (value === undefined || value === '') return 'loopback';
      if (/^\d+$/.test(value)) return Number(value);
      // Fastify takes `true` for "every hop"; a large hop count says the same and keeps one type here.
      if (value === 'true') return Number.MAX_SAFE_INTEGER;
      return value === 'false' ? 0 : value;
    }),
  CONFIG_PATH: text,
  DOMAIN_CLIENT: url,
  DOMAIN_SERVER: url,

  JWT_SECRET: text,
  JWT_REFRESH_SECRET: text,
  CREDS_KEY: text,

  APP_TITLE: text,
  CUSTOM_FOOTER: z.string().optional(),
  HELP_AND_FAQ_URL: text,
  SHOW_BIRTHDAY_ICON: z.string().optional(),
  CHECK_BALANCE: flag(false),
  START_BALANCE: positiveInt(0),
  SEARCH: flag(true),

  ALLOW_REGISTRATION: flag(true),
  ALLOW_EMAIL_LOGIN: flag(true),
  ALLOW_SOCIAL_LOGIN: flag(false),
  ALLOW_SOCIAL_REGISTRATION: flag(false),
  /** Password reset by email; only with email configured, where it defaults to true. */
  ALLOW_PASSWORD_RESET: optionalFlag,
  /** Who must set up two-factor sign-in at their next sign-in: `off` (default), `admins` or `all`. */
  REQUIRE_2FA: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => (value === undefined || value === '' ? 'off' : value))
    .pipe(z.enum(['off', 'admins', 'all'], { error: 'expected off, admins or all' })),

  GOOGLE_CLIENT_ID: text,
  GOOGLE_CLIENT_SECRET: text,
  FACEBOOK_CLIENT_ID: text,
  FACEBOOK_CLIENT_SECRET: text,
  GITHUB_CLIENT_ID: text,
  GITHUB_CLIENT_SECRET: text,
  DISCORD_CLIENT_ID: text,
  DISCORD_CLIENT_SECRET: text,
  // Endpoint overrides of the OAuth2 providers (self-hosted GitHub Enterprise, a proxy, a test server).
  GOOGLE_AUTHORIZATION_URL: url,
  GOOGLE_TOKEN_URL: url,
  GOOGLE_USERINFO_URL: url,
  FACEBOOK_AUTHORIZATION_URL: url,
  FACEBOOK_TOKEN_URL: url,
  FACEBOOK_USERINFO_URL: url,
  GITHUB_AUTHORIZATION_URL: url,
  GITHUB_TOKEN_URL: url,
  GITHUB_USERINFO_URL: url,
  GITHUB_EMAILS_URL: url,
  DISCORD_AUTHORIZATION_URL: url,
  DISCORD_TOKEN_URL: url,
  DISCORD_USERINFO_URL: url,
  OPENID_ISSUER: url,
  OPENID_CLIENT_ID: text,
  OPENID_CLIENT_SECRET: text,
  OPENID_SCOPE: text,
  OPENID_BUTTON_LABEL: text,
  OPENID_IMAGE_URL: text,

  /** Access-token lifetime (ms, default 15 min) and refresh-token (session) lifetime (ms, default 7 days). */
  SESSION_EXPIRY: milliseconds(15 * 60 * 1000),
  REFRESH_TOKEN_EXPIRY: milliseconds(7 * 24 * 60 * 60 * 1000),
  /** Per-IP limits: attempts per window in minutes. */
  LOGIN_MAX: positiveInt(7),
  LOGIN_WINDOW: positiveInt(5),
  REGISTER_MAX: positiveInt(5),
  REGISTER_WINDOW: positiveInt(60),
  /** Per-IP and per-email limit on password reset requests (LibreChat's names and defaults). */
  RESET_PASSWORD_MAX: positiveInt(2),
  RESET_PASSWORD_WINDOW: positiveInt(2),
  LOGIN_VIOLATION_SCORE: positiveInt(1),
  REGISTRATION_VIOLATION_SCORE: positiveInt(1),
  BAN_VIOLATIONS: banThreshold(20),
  /** Minutes over which violation points add up. */
  BAN_INTERVAL: positiveInt(20),
  BAN_DURATION: milliseconds(2 * 60 * 60 * 1000),

  EMAIL_SERVICE: text,
  EMAIL_HOST: text,
  EMAIL_PORT: port(25),
  EMAIL_USERNAME: text,
  EMAIL_PASSWORD: text,
  EMAIL_FROM: text,
  EMAIL_FROM_NAME: text,

  // Endpoints. Keys and URLs may be `user_provided` (each user brings their own), so they are plain text.
  /** Which built-in endpoints are offered, in this order (`openAI,google,custom`); default: all configured. */
  ENDPOINTS: commaList,
  OPENAI_API_KEY: text,
  OPENAI_REVERSE_PROXY: text,
  OPENAI_MODELS: commaList,
  OPENAI_ORGANIZATION: text,
  AZURE_API_KEY: text,
  AZURE_OPENAI_API_INSTANCE_NAME: text,
  AZURE_OPENAI_API_DEPLOYMENT_NAME: text,
  AZURE_OPENAI_API_VERSION: text,
  AZURE_OPENAI_MODELS: commaList,
  /** May hold `${INSTANCE_NAME}` and `${DEPLOYMENT_NAME}` placeholders. */
  AZURE_OPENAI_BASEURL: text,
  /** Deployment name = model name without dots. */
  AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: flag(false),
  PLUGINS_USE_AZURE: flag(false),
  PLUGIN_MODELS: commaList,
  ANTHROPIC_API_KEY: text,
  ANTHROPIC_REVERSE_PROXY: text,
  ANTHROPIC_MODELS: commaList,
  GOOGLE_KEY: text,
  GOOGLE_REVERSE_PROXY: text,
  GOOGLE_MODELS: commaList,
  CHATGPT_TOKEN: text,
  CHATGPT_REVERSE_PROXY: text,
  CHATGPT_MODELS: commaList,
  BINGAI_TOKEN: text,
  BINGAI_HOST: text,
  ASSISTANTS_API_KEY: text,
  ASSISTANTS_BASE_URL: text,
  ASSISTANTS_MODELS: commaList,
  OLLAMA_BASE_URL: ollamaBaseUrl,

  // Chat engine: message limits (per window in minutes), provider silence timeout, titles, moderation.
  LIMIT_CONCURRENT_MESSAGES: flag(true),
  CONCURRENT_MESSAGE_MAX: positiveInt(2),
  LIMIT_MESSAGE_IP: flag(true),
  MESSAGE_IP_MAX: positiveInt(40),
  MESSAGE_IP_WINDOW: positiveInt(1),
  LIMIT_MESSAGE_USER: flag(false),
  MESSAGE_USER_MAX: positiveInt(40),
  MESSAGE_USER_WINDOW: positiveInt(1),
  /** Longest silence from the provider during a reply before it fails (ms). */
  PROVIDER_TIMEOUT_MS: milliseconds(120_000),
  /** Longest reply text kept; a longer reply is cut there and saved unfinished with an error. */
  MAX_REPLY_CHARS: positiveInt(1_000_000),
  TITLE_CONVO: flag(true),
  /** LibreChat's switches: summarise what no longer fits an openAI model's window, with this model. */
  OPENAI_SUMMARIZE: flag(false),
  OPENAI_SUMMARY_MODEL: text,
  OPENAI_MODERATION: flag(false),
  OPENAI_MODERATION_API_KEY: text,
  OPENAI_MODERATION_REVERSE_PROXY: text,

  // Files: upload limits (per window in minutes; YAML `rateLimits.fileUploads` wins) and the S3 storage.
  FILE_UPLOAD_IP_MAX: positiveInt(100),
  FILE_UPLOAD_IP_WINDOW: positiveInt(15),
  FILE_UPLOAD_USER_MAX: positiveInt(50),
  FILE_UPLOAD_USER_WINDOW: positiveInt(15),
  // Imports (`POST /api/convos/import`): messages one file may hold, imports at once per user and per server.
  IMPORT_MAX_MESSAGES: positiveInt(200_000),
  IMPORT_MAX_CONCURRENT_PER_USER: positiveInt(1),
  IMPORT_MAX_CONCURRENT: positiveInt(2),
  // Share links (API.md "Sharing and organising"): on, public links, files copied in, views per IP and window.
  ALLOW_SHARED_LINKS: flag(true),
  ALLOW_SHARED_LINKS_PUBLIC: flag(false),
  SHARED_LINKS_SNAPSHOT_FILES: flag(true),
  SHARED_LINKS_IP_MAX: positiveInt(60),
  SHARED_LINKS_IP_WINDOW: positiveInt(1),
  /** An S3-compatible endpoint (MinIO, R2, …); empty for AWS itself. Used with `fileStrategy: s3`. */
  AWS_ENDPOINT_URL: url,
  AWS_REGION: text,
  AWS_BUCKET_NAME: text,
  AWS_ACCESS_KEY_ID: text,
  AWS_SECRET_ACCESS_KEY: text,
});

export type ParsedEnv = z.infer<typeof envSchema>;
