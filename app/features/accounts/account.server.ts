import type { AppLoadContext } from "@remix-run/node";
import type { Db, Tx } from "~/platform/db/client.server";
import type { Locale } from "~/platform/i18n/i18n";
import { issueCode } from "~/features/accounts/user.server";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { consume, resetLimit } from "~/platform/http/rate-limit.server";
import { queueCodeSms, type CodeClearance } from "./sms-codes.server";

/**
 * What the account flows (account-signup, account-login and account-reset .server.ts) share: the client's address,
 * the login limits, sending a code, and work done after the answer.
 */

/** The client's IP address as the HTTP server saw it (server.ts puts it in the load context), or undefined in tests. */
export function clientIp(context: AppLoadContext | undefined): string | undefined {
  const ip = (context as { clientIp?: unknown } | undefined)?.clientIp;
  return typeof ip === "string" && ip ? ip : undefined;
}

/** The subject of the per-(number, address) login limit: both together ("-" for an unknown address). */
function phoneAtIp(phone: string, ip: string | undefined): string {
  return `${phone} ${ip ?? "-"}`;
}

/**
 * Counts one password try of a number (the login form and /ac) against the login limits: 10 per number
 * from one IP address, 100 per number from all addresses, 100 per address, each in 15 minutes. Returns
 * `{ ok: false, retryAfter }` (seconds) past a limit; the password must not be checked then (answer 429).
 */
export function consumeLoginLimit(db: Db, phone: string, ip: string | undefined) {
  return consume(db, [
    ["loginPhoneIp", phoneAtIp(phone, ip)],
    ["loginPhone", phone],
    ["loginIp", ip],
  ]);
}

/**
 * After a successful login the number's count from that address starts again (the counts across addresses stay,
 * so a success does not give a spread-out guesser new tries).
 */
export function resetLoginLimit(db: Db, phone: string, ip: string | undefined) {
  return resetLimit(db, "loginPhoneIp", phoneAtIp(phone, ip));
}

/**
 * Issues a new activation code for a phone and queues its SMS in `locale`, the page's language (sign-up
 * and resend): the code row and the `sms` job are written in one transaction (`db` may be the
 * caller's), so the code exists exactly when its SMS is queued; the worker sends it and tries again while the
 * provider fails. `clearance` is checkCodeSms's for the number (decision 053). Database errors propagate.
 */
export async function sendActivationCode(db: Db | Tx, locale: Locale, clearance: CodeClearance): Promise<void> {
  const t = await getLocaleT(locale);
  const { phone } = clearance;
  await db.transaction(async (tx) => {
    const code = await issueCode(tx, phone, "activation");
    await queueCodeSms(tx, clearance, { phone, body: t("account:sms.code", { brand: t("brand"), code }) }, "signup");
  });
}

declare global {
  var __afterResponse: Set<Promise<void>> | undefined;
}

/**
 * Work started by afterResponse that has not finished yet. On globalThis (like the database), so that server.ts,
 * which loads this module apart from the Remix build, waits for the build's work when it shuts down.
 */
const unfinished = (globalThis.__afterResponse ??= new Set<Promise<void>>());

/**
 * Runs `work` without making the response wait for it (/forgot-password answers a known number as fast as
 * an unknown one, so its timing tells nothing). It is never an unhandled rejection: an error is written to standard
 * error as one line (`[after-response] <label> failed: <message>`, never the work's data). Returns at once.
 */
export function afterResponse(label: string, work: () => Promise<unknown>): void {
  const running: Promise<void> = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => {
        process.stderr.write(`[after-response] ${label} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    )
    .finally(() => unfinished.delete(running));
  unfinished.add(running);
}

/** Resolves when every afterResponse work started so far has finished (tests, and a server that shuts down). */
export async function responsesSettled(): Promise<void> {
  while (unfinished.size) await Promise.all([...unfinished]);
}
