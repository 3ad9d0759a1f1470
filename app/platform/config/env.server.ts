import path from "node:path";
import { z } from "zod";
import { COUNTRIES } from "~/platform/config/countries";
import { parseTrustProxy } from "~/platform/config/trust-proxy";

/** The SMS providers SMS_PROVIDER may list (decision 052). */
export const SMS_PROVIDERS = ["outbox", "smpp", "http"] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** The variables of the SMS providers (decision 052; docs/sms.md). */
const smsProviderVariables = {
  /** The providers, in order (`smpp,http`: the next takes a message the one before certainly did not). */
  SMS_PROVIDER: z
    .string()
    .default("outbox")
    .transform((v) =>
      v
        .split(",")
        .map((p) => p.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(SMS_PROVIDERS, { message: "SMS_PROVIDER lists outbox, smpp or http, separated by commas" }))
        .min(1, "SMS_PROVIDER names at least one of outbox, smpp, http")
        .refine((list) => new Set(list).size === list.length, "SMS_PROVIDER names a provider once"),
    ),
  /** The SMPP account: smpp://system_id:password@host:port. */
  SMPP_URL: z
    .string()
    .regex(/^smpp:\/\/[^:@/]+:[^@/]*@[^:/]+(:\d+)?\/?$/, "SMPP_URL must be smpp://system_id:password@host:port")
    .optional(),
  /** The sender shown on phones: up to 11 letters and digits, or a number of up to 15 digits. */
  SMS_SENDER_ID: z
    .string()
    .regex(
      /^(\+?[0-9]{1,15}|[A-Za-z0-9 ._-]{1,11})$/,
      "SMS_SENDER_ID must be up to 11 letters and digits, or a number of up to 15 digits",
    )
    .optional(),
  /** submit_sm PDUs per second at most (the rate the provider sold). */
  SMPP_TPS: z.coerce.number().int().min(1).max(10_000).default(10),
  /** submit_sm PDUs awaiting their resp at most. */
  SMPP_WINDOW: z.coerce.number().int().min(1).max(1_000).default(10),
  /** The period of enquire_link, in ms. */
  SMPP_ENQUIRE_LINK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** The HTTP gateway's URL template with {to}, {text}, {sender} and {id}. */
  SMS_HTTP_URL: z
    .string()
    .regex(/^https?:\/\//, "SMS_HTTP_URL must be an http:// or https:// URL")
    .refine((v) => v.includes("{to}") && v.includes("{text}"), "SMS_HTTP_URL must contain {to} and {text}")
    .optional(),
  /** GET (default): the URL as it is; POST: its query string as a form body. */
  SMS_HTTP_METHOD: z
    .string()
    .default("GET")
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(["GET", "POST"], { message: "SMS_HTTP_METHOD must be GET or POST" })),
};

/** The variables of the image store (docs/decisions/060-images-in-an-object-store.md; docs/images.md). */
const imageStoreVariables = {
  /** `disk` (default): files under DATA_DIR/images; `s3`: a bucket of an S3-protocol object store. */
  IMAGE_STORE: z.enum(["disk", "s3"], { message: "IMAGE_STORE must be disk or s3" }).default("disk"),
  /** The object store's address (unset: AWS S3 of S3_REGION), e.g. http://127.0.0.1:9000 for MinIO. */
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]+/, "S3_ENDPOINT must be an http:// or https:// URL, e.g. https://s3.example.com")
    .optional(),
  /** The bucket that holds the images (required with IMAGE_STORE=s3). */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens",
    )
    .optional(),
  /** The bucket's region (any value for most S3-protocol servers). */
  S3_REGION: z.string().min(1, "S3_REGION must not be empty").default("us-east-1"),
  /** The key pair (both or neither: neither leaves the AWS SDK's own chain, e.g. an instance role). */
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `true` addresses the bucket as endpoint/bucket/key (MinIO, Ceph, Garage…), `false` (default) as bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"], { message: "S3_FORCE_PATH_STYLE must be true or false" })
    .default("false")
    .transform((v) => v === "true"),
  /**
   * Where browsers fetch the images from (a CDN or the bucket's public address) instead of this server's /images:
   * `${IMAGE_BASE_URL}/${file}-${width}.webp`. Unset: /images on this server.
   */
  IMAGE_BASE_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/?#]+(\/[^?#]*)?$/,
      "IMAGE_BASE_URL must be an http:// or https:// URL without query, e.g. https://cdn.example.com/images",
    )
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
};

/** IMAGE_STORE=s3 names its bucket; the key pair is given whole or not at all. */
function checkImageStore(
  env: { IMAGE_STORE: "disk" | "s3"; S3_BUCKET?: string; AWS_ACCESS_KEY_ID?: string; AWS_SECRET_ACCESS_KEY?: string },
  ctx: z.RefinementCtx,
): void {
  if (env.IMAGE_STORE === "s3" && !env.S3_BUCKET) {
    ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "S3_BUCKET is required when IMAGE_STORE=s3" });
  }
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: "custom",
      path: ["AWS_ACCESS_KEY_ID"],
      message: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together",
    });
  }
}

/** Each provider SMS_PROVIDER lists has its variables (SMPP_URL for smpp, SMS_HTTP_URL for http). */
function checkSmsProviders(
  env: { SMS_PROVIDER: SmsProviderName[]; SMPP_URL?: string; SMS_HTTP_URL?: string },
  ctx: z.RefinementCtx,
): void {
  if (env.SMS_PROVIDER.includes("smpp") && !env.SMPP_URL) {
    ctx.addIssue({ code: "custom", path: ["SMPP_URL"], message: "SMPP_URL is required when SMS_PROVIDER lists smpp" });
  }
  if (env.SMS_PROVIDER.includes("http") && !env.SMS_HTTP_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["SMS_HTTP_URL"],
      message: "SMS_HTTP_URL is required when SMS_PROVIDER lists http",
    });
  }
}

/**
 * Environment variables of the server, parsed once at boot (docs/production.md lists them with their defaults).
 * Throws a ZodError naming the bad variable, so the process refuses to start on a bad value.
 */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /**
     * The Prometheus metrics listener (docs/decisions/061-readiness-metrics-deploy-cluster-test.md): a port of its own,
     * never the site's; unset (the default) serves no metrics.
     */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** The address the metrics listener binds: this machine only by default. */
    METRICS_HOST: z.string().default("127.0.0.1"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
      .optional(),
    DATA_DIR: z.string().default("./data"),
    PGLITE_DIR: z.string().optional(),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    PUBLIC_URL: z
      .string()
      .url()
      .regex(/^https?:\/\//, "PUBLIC_URL must be an http:// or https:// URL")
      .optional(),
    /**
     * Development and tests only: host names, besides localhost, 127.0.0.1 and [::1], that the server accepts
     * as its own when PUBLIC_URL is unset (comma-separated, e.g. a LAN address to try the site on a phone).
     */
    ALLOWED_HOSTS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    /**
     * Size of the page cache for visitors (decision 013), in MiB: 0 turns it off (every page is rendered
     * for each request).
     */
    PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
    /**
     * Size of the card fragment cache (decision 033), in MiB: property cards kept as HTML for the pages rendered for
     * one request (a logged-in user's, a visitor's page not yet cached); 0 turns it off.
     */
    CARD_CACHE_MB: z.coerce.number().min(0).max(1024).default(8),
    /**
     * An operator's quota (decisions 045 and 077): pages rendered (not served from the page cache) for a client without
     * a login, per client address a minute, counted a sixth per 10 s; past it the page answers 429 with Retry-After.
     * 0 (the default) sets no quota: the render pool's fair queue protects the capacity (RENDER_POOL_SIZE).
     */
    PAGE_MISSES_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(0),
    /**
     * Pages rendered at once in this process (decision 077); the others wait in a queue fair across client addresses.
     * 0 (the default): chosen from the database (server/render-pool.ts, defaultRenderPoolSize).
     */
    RENDER_POOL_SIZE: z.coerce.number().int().min(0).max(256).default(0),
    /**
     * The longest a page may wait for a render slot, in milliseconds (decision 077): a wait that would be longer is
     * answered at once with the translated 503 page and Retry-After.
     */
    RENDER_QUEUE_DEADLINE_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
    /**
     * Worker threads that render the pages the render pool admits, off the event loop that answers cache hits
     * (decision 104): `auto` (the default: one on PostgreSQL with two cores or more, none on PGlite; see
     * server/render-workers.ts, defaultRenderWorkers), or a number, 0 to render on the event loop. PGlite always renders
     * on the event loop (its database lives in the main thread).
     */
    RENDER_WORKERS: z.union([z.literal("auto"), z.coerce.number().int().min(0).max(32)]).default("auto"),
    /**
     * Rendering each process may do per second, all render slots together, in milliseconds (decision 104): a slot is
     * handed out only while the last second's renders took less. 0 (the default): 3,000 with a render worker
     * (DEFAULT_RENDER_MS_PER_SECOND), else only RENDER_POOL_SIZE bounds it.
     */
    RENDER_MS_PER_SECOND: z.coerce.number().int().min(0).max(1_000_000).default(0),
    /**
     * The proxies whose X-Forwarded-For (and X-Forwarded-Proto) is believed (decision 077; docs/production.md):
     * `loopback` (the default: a proxy on this machine), a number of proxy hops in front of the process (`2` for a CDN
     * in front of nginx), or a comma-separated list of addresses and ranges (`10.0.0.0/8, 2001:db8::/32`, and the
     * names loopback, linklocal, uniquelocal); `none` believes no header. Read by Express's `trust proxy`.
     */
    TRUST_PROXY: z
      .string()
      .default("loopback")
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed === null) {
          ctx.addIssue({
            code: "custom",
            message: "TRUST_PROXY must be loopback, none, a number of hops, or addresses and ranges separated by commas",
          });
          return z.NEVER;
        }
        return parsed;
      }),
    /**
     * The request header a CDN or proxy in front of the site puts the visitor's country in (ISO 3166 alpha-2, such as
     * `CF-IPCountry`), read at login for the owner's sessions list (decision 092). Unset (the default): no country is
     * shown. Set it only behind a proxy that always writes the header, or a visitor could name any country.
     */
    IP_COUNTRY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "IP_COUNTRY_HEADER must be a header name such as CF-IPCountry")
      .optional(),
    /**
     * Decision 051: the most SMS handed to providers in one Damascus day, staff notices aside (decision 081); past
     * it, bulk messages (alerts, warnings, owners' notices, offer links) are not sent and codes go on. Unset or 0: no
     * budget.
     */
    SMS_DAILY_LIMIT: z.coerce.number().int().min(0).max(100_000_000).default(0),
    /**
     * Decision 081: the most staff notices (of visitors' requests) handed to providers in one Damascus day, a budget
     * of their own that SMS_DAILY_LIMIT does not count; past it, staff notices are not sent. Unset or 0: no budget
     * (notices are at most one per staff phone every 10 minutes).
     */
    SMS_STAFF_DAILY_LIMIT: z.coerce.number().int().min(0).max(100_000_000).default(0),
    /**
     * Whether a start on an empty database fills it with the demo data (docs/decisions/079): `on` or `off`; unset, it
     * is off in production and on in development and tests (demoDataWanted). `npm start` sets `on` unless given.
     */
    DEMO_DATA: z.enum(["on", "off"], { message: "DEMO_DATA must be on or off" }).optional(),
    SEED_LISTINGS: z.coerce.number().int().min(0).default(2400),
    /**
     * The time a search's count may take on PostgreSQL (5 ms, decision 043), in milliseconds: past it the
     * page lists its listings without their number. 0 means no limit (PGlite has none either).
     */
    SEARCH_COUNT_MS: z.coerce.number().int().min(0).max(60_000).default(3),
    /**
     * The service worker: `on` registers it from every page; `off` is the kill switch: pages stop
     * registering it and /sw.js becomes a worker that clears its caches and unregisters itself.
     */
    SERVICE_WORKER: z.enum(["on", "off"]).default("on"),
    /**
     * The background job worker in the web process (decision 028): `on` runs it beside the pages; `off`
     * leaves the jobs to `npm run worker` processes (PostgreSQL only: PGlite is one process's).
     */
    WORKER: z.enum(["on", "off"]).default("on"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Automated tests only: every captcha shows this text. Refused outside NODE_ENV=test. */
    CAPTCHA_TEST_TEXT: z.string().min(1).max(20).optional(),
    /** The first admin: when both are set at start, that account exists, is active and is an admin. */
    ADMIN_PHONE: z
      .string()
      .regex(/^\+[1-9][0-9]{6,14}$/, "ADMIN_PHONE must be an E.164 number like +963944123456")
      .optional(),
    ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters").optional(),
    /**
     * The countries whose numbers get codes by SMS (sign-up codes, resent codes, reset links; decision 053, against
     * SMS pumping): ISO 3166 alpha-2 codes of the phone field's countries (app/platform/config/countries.ts), comma-separated.
     */
    SMS_COUNTRIES: z
      .string()
      .default("SY")
      .transform((v) =>
        v
          .split(",")
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      )
      .refine((codes) => codes.length > 0, "SMS_COUNTRIES must name at least one country, e.g. SY")
      .refine(
        (codes) => codes.every((code) => COUNTRIES.en.some(([known]) => known === code)),
        "SMS_COUNTRIES must list ISO 3166 alpha-2 codes of the phone field's countries, e.g. SY,DE",
      ),
    /**
     * Staff told by SMS of new consultation requests and visitors' offers (docs/decisions/054 and 081):
     * comma-separated E.164 numbers; empty (the default) tells no one.
     */
    STAFF_PHONES: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^\+[1-9][0-9]{6,14}$/, "STAFF_PHONES must be E.164 numbers like +963944123456"))),
    /**
     * Staff's working hours in Damascus time, `HH:MM-HH:MM` (docs/decisions/054), start before end within
     * one day (`00:00-24:00` is all day): notices inside them (decision 081), what came in outside them told at the
     * next opening.
     */
    STAFF_HOURS: z
      .string()
      .default("09:00-21:00")
      .transform((v, ctx) => {
        const hours = parseStaffHours(v);
        if (!hours) ctx.addIssue({ code: "custom", message: "STAFF_HOURS must be HH:MM-HH:MM with the start before the end" });
        return hours ?? { start: 0, end: 0 };
      }),
    ...smsProviderVariables,
    ...imageStoreVariables,
  })
  .refine((env) => Boolean(env.ADMIN_PHONE) === Boolean(env.ADMIN_PASSWORD), {
    message: "ADMIN_PHONE and ADMIN_PASSWORD are set together",
    path: ["ADMIN_PHONE"],
  })
  .refine((env) => !env.CAPTCHA_TEST_TEXT || env.NODE_ENV === "test", {
    message: "CAPTCHA_TEST_TEXT is only allowed when NODE_ENV=test",
    path: ["CAPTCHA_TEST_TEXT"],
  })
  .superRefine(checkSmsProviders)
  .superRefine(checkImageStore);

/**
 * Working hours as minutes after Damascus midnight: `{ start, end }` (start inclusive, end exclusive), from
 * `HH:MM-HH:MM` (end up to 24:00). Null when the text is not that or the start is not before the end.
 */
export function parseStaffHours(text: string): { start: number; end: number } | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const start = Number(match[1]) * 60 + Number(match[2]);
  const end = Number(match[3]) * 60 + Number(match[4]);
  return start < end && end <= 24 * 60 ? { start, end } : null;
}

export type Env = z.infer<typeof schema> & { dataDir: string; pgliteDir: string; imagesDir: string };

let cached: Env | undefined;

/** The parsed environment, with absolute data paths (`dataDir`, `pgliteDir`, `imagesDir`). */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.parse(process.env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  cached = {
    ...parsed,
    dataDir,
    pgliteDir: path.resolve(parsed.PGLITE_DIR ?? path.join(dataDir, "db")),
    imagesDir: path.join(dataDir, "images"),
  };
  return cached;
}

/** The loopback names: on one machine they are one site (docs/decisions/049). */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True when `url` (an origin or a URL) is on a loopback name (localhost, 127.0.0.1, [::1]); false otherwise or unset. */
export function isLoopbackUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Whether a start on an empty database seeds the demo data (docs/decisions/079): DEMO_DATA when set, else only
 * outside production, so a production start seeds only when asked (`npm start` asks).
 */
export function demoDataWanted(env: Pick<Env, "DEMO_DATA" | "NODE_ENV">): boolean {
  return env.DEMO_DATA ? env.DEMO_DATA === "on" : env.NODE_ENV !== "production";
}

/**
 * True when the site is public: PUBLIC_URL is set to an origin that is not a loopback name (in any mode), or it is
 * unset in production (a script such as `npm run db:seed` run without it on a production database). A public site
 * never gets an account with a known password (docs/decisions/049). `npm start` (PUBLIC_URL on localhost) and
 * development or tests without PUBLIC_URL are not public.
 */
export function isPublicSite(env: Pick<Env, "PUBLIC_URL" | "NODE_ENV">): boolean {
  return env.PUBLIC_URL ? !isLoopbackUrl(env.PUBLIC_URL) : env.NODE_ENV === "production";
}
