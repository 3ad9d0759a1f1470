import { getDb } from "~/platform/db/db.server";
import { isPublicSite, type Env } from "~/platform/config/env.server";
import { stderrLine } from "~/platform/jobs/jobs.server";
import { failoverSender, type NamedSmsSender } from "./sms-failover.server";
import { HttpSmsSender } from "./sms-http.server";
import { receiptHandler } from "./sms-receipts.server";
import { SmppSender } from "./sms-smpp.server";
import type { SmsSender } from "./sms.server";

/**
 * The senders SMS_PROVIDER names, built from the environment (decision 052): `outbox` (given, the default),
 * `smpp` (SMPP_URL, SMS_SENDER_ID, SMPP_TPS, SMPP_WINDOW, SMPP_ENQUIRE_LINK_MS) and `http` (SMS_HTTP_URL,
 * SMS_HTTP_METHOD, SMS_SENDER_ID), in the listed order behind one failover sender. The SMPP sender binds on its
 * first send, so a process that never sends (a web process with WORKER=off) never binds; its delivery receipts are
 * stored in the process's database (getDb). `close()` closes what was opened (the SMPP connection).
 */
export function smsSenderFromEnv(
  env: Pick<
    Env,
    | "SMS_PROVIDER"
    | "SMPP_URL"
    | "SMS_SENDER_ID"
    | "SMPP_TPS"
    | "SMPP_WINDOW"
    | "SMPP_ENQUIRE_LINK_MS"
    | "SMS_HTTP_URL"
    | "SMS_HTTP_METHOD"
  >,
  outbox: SmsSender,
  log: (line: string) => void = stderrLine,
): SmsSender & { close(): Promise<void> } {
  const closers: (() => Promise<void>)[] = [];
  const senders = env.SMS_PROVIDER.map((name): NamedSmsSender => {
    if (name === "smpp") {
      const smpp = new SmppSender({
        url: env.SMPP_URL!,
        senderId: env.SMS_SENDER_ID,
        tps: env.SMPP_TPS,
        window: env.SMPP_WINDOW,
        enquireLinkMs: env.SMPP_ENQUIRE_LINK_MS,
        onReceipt: receiptHandler(getDb, { log }),
        log,
      });
      closers.push(() => smpp.close());
      return smpp;
    }
    if (name === "http") {
      return new HttpSmsSender({ url: env.SMS_HTTP_URL!, method: env.SMS_HTTP_METHOD, senderId: env.SMS_SENDER_ID });
    }
    return { provider: "outbox", send: (db, message) => outbox.send(db, message) };
  });
  const sender = failoverSender(senders, log);
  return {
    send: (db, message) => sender.send(db, message),
    close: async () => {
      await Promise.all(closers.map((close) => close()));
    },
  };
}

/**
 * True when SMS_PROVIDER names the outbox alone (its default): messages are kept in `sms_outbox` and printed on
 * standard output, and none reaches a phone. The back office's dashboard then says so.
 */
export function smsOnlyToOutbox(env: Pick<Env, "SMS_PROVIDER">): boolean {
  return env.SMS_PROVIDER.length === 1 && env.SMS_PROVIDER[0] === "outbox";
}

/**
 * The line every start of a public site (isPublicSite) without an SMS provider logs, loudly (server.ts logs it at
 * error level), naming the variable and docs/sms.md; null when a provider is set or the site is not public (a
 * newcomer's `npm start` reads codes from the outbox as intended).
 */
export function outboxOnPublicSiteWarning(env: Pick<Env, "SMS_PROVIDER" | "PUBLIC_URL" | "NODE_ENV">): string | null {
  if (!smsOnlyToOutbox(env) || !isPublicSite(env)) return null;
  return (
    "SMS_PROVIDER is not set (outbox only) on a public site: no SMS reaches a phone. Sign-up codes, reset links, " +
    "alerts and every other message go to this log and the sms_outbox table only. Set SMS_PROVIDER to smpp or http " +
    "and its variables (docs/sms.md)"
  );
}
