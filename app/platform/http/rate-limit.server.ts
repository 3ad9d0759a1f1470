import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "~/platform/db/client.server";
import { rate_limits } from "~/platform/db/schema";
import { getEnv } from "~/platform/config/env.server";

/**
 * The limits on logins, codes, forms and uploads against abuse, kept in the `rate_limits` table through rate-limiter-flexible so
 * they hold across processes. `points` attempts per `duration` seconds (a fixed window starting at the first attempt). Per-IP
 * limits are loose on purpose: Syrian mobile networks put many people behind one address.
 */
export const LIMITS = {
  // Password tries: 10 per number from one address, so a stranger cannot lock the owner out from elsewhere;
  // 100 per number from all addresses (a spread-out guesser); 100 per address (one guesser, many numbers).
  loginPhoneIp: { points: 10, duration: 15 * 60 },
  loginPhone: { points: 100, duration: 15 * 60 },
  loginIp: { points: 100, duration: 15 * 60 },
  // Code messages (sign-up codes, resent codes, reset links), against SMS pumping (decision 053): 3 an hour and 5 a
  // day per number, 20 a day per address. A "day" is a window of 24 hours from the first code counted in it.
  smsPhone: { points: 3, duration: 60 * 60 },
  smsPhoneDay: { points: 5, duration: 24 * 60 * 60 },
  smsIpDay: { points: 20, duration: 24 * 60 * 60 },
  // Public forms, per IP address an hour: consultation and contact messages, offers, requests, reports.
  messageIp: { points: 10, duration: 60 * 60 },
  offerIp: { points: 10, duration: 60 * 60 },
  requestIp: { points: 10, duration: 60 * 60 },
  reportIp: { points: 30, duration: 60 * 60 },
  // Captcha drawings of the login page, per IP address: each is a sharp render.
  captchaIp: { points: 60, duration: 10 * 60 },
  // Phone numbers revealed by the contact dialog, per account an hour.
  contactUser: { points: 30, duration: 60 * 60 },
  // Photo uploads, per account an hour: two full posts' worth of tries (disk and CPU are finite).
  uploadUser: { points: 60, duration: 60 * 60 },
  // Pages rendered for a client without a login (decision 045), per IP address: PAGE_MISSES_PER_MINUTE, counted in
  // windows of 10 s (a sixth each), so a burst cannot spend a minute's allowance at once (a word search on PGlite
  // costs about 250 ms of the event loop). server.ts does not count at all when it is 0; cache hits never count.
  pageMissIp: { points: Math.max(1, Math.ceil(getEnv().PAGE_MISSES_PER_MINUTE / 6)), duration: 10 },
} as const;
/**
 * Limits passed by clients that may go on asking many times a second (a flood): once the address is past it, it is
 * refused from this process's memory until the window ends, with no database write per request.
 */
const BLOCKED_IN_MEMORY: ReadonlySet<LimitName> = new Set(["pageMissIp"]);
export type LimitName = keyof typeof LIMITS;

const limiters = new WeakMap<Db, Map<LimitName, RateLimiterDrizzle>>();

function limiter(db: Db, name: LimitName): RateLimiterDrizzle {
  let byName = limiters.get(db);
  if (!byName) limiters.set(db, (byName = new Map()));
  let found = byName.get(name);
  if (!found) {
    const inMemory = BLOCKED_IN_MEMORY.has(name) ? { inMemoryBlockOnConsumed: LIMITS[name].points } : {};
    found = new RateLimiterDrizzle({ storeClient: db, schema: rate_limits, keyPrefix: name, ...LIMITS[name], ...inMemory });
    byName.set(name, found);
  }
  return found;
}

/**
 * Counts one attempt against each `[limit, subject]` pair (a phone number in E.164, or an IP address) and tells
 * whether every one of them is still within its limit. Subjects that are empty are skipped. When a limit is passed
 * the answer says how many seconds to wait (`retryAfter`, seconds). Database errors propagate.
 */
export async function consume(
  db: Db,
  checks: Array<[LimitName, string | null | undefined]>,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  let retryAfter = 0;
  for (const [name, subject] of checks) {
    if (!subject) continue;
    try {
      await limiter(db, name).consume(subject);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      retryAfter = Math.max(retryAfter, Math.ceil(rejection.msBeforeNext / 1000));
    }
  }
  return retryAfter > 0 ? { ok: false, retryAfter } : { ok: true };
}

/** Forgets the attempts of one subject (after a successful login the phone's counter starts again). */
export async function resetLimit(db: Db, name: LimitName, subject: string): Promise<void> {
  await limiter(db, name).delete(subject);
}

/**
 * Whether a subject has passed a limit, without counting an attempt: `{ ok: false, retryAfter }` (seconds) once more
 * than `points` attempts were counted in the current window (a refused attempt counts too). An empty subject is
 * never limited. Database errors propagate.
 */
export async function limitPassed(
  db: Db,
  name: LimitName,
  subject: string | null | undefined,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  if (!subject) return { ok: true };
  const state = await limiter(db, name).get(subject);
  if (!state || state.consumedPoints <= LIMITS[name].points || state.msBeforeNext <= 0) return { ok: true };
  return { ok: false, retryAfter: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
}
