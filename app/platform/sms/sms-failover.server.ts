import type { Db } from "~/platform/db/client.server";
import type { SmsMessage, SmsSender, SmsSendResult } from "./sms.server";

/**
 * A send that certainly left nothing with the provider (decision 052): not bound within the wait, connection
 * refused, or an error answer to every part. Only such a failure lets the next provider of SMS_PROVIDER take the
 * message; any other error (a timeout, a connection lost after parts were taken) may have sent it and is thrown to
 * the job queue instead, which tries the same provider again later.
 */
export class SmsNotTakenError extends Error {
  readonly notTaken = true;
}

/** A sender with its provider's name (`smpp`, `http`, `outbox`), for the log line of a failover. */
export type NamedSmsSender = SmsSender & { provider: string };

/**
 * The sender of a list of providers, in order (SMS_PROVIDER=`smpp,http`): each message goes to the first; when it
 * throws SmsNotTakenError, to the next, and so on. The result names the provider that took it. When every provider
 * refuses, the last error is thrown (an SmsNotTakenError: the job queue tries the whole list again later). `log`
 * gets one line per failover.
 */
export function failoverSender(senders: NamedSmsSender[], log: (line: string) => void): SmsSender {
  if (senders.length === 1) return senders[0];
  return {
    async send(db: Db, message: SmsMessage & { idempotencyKey?: string }): Promise<SmsSendResult> {
      let lastError: unknown;
      for (const [index, sender] of senders.entries()) {
        try {
          return await sender.send(db, message);
        } catch (error) {
          if (!(error instanceof SmsNotTakenError)) throw error;
          lastError = error;
          const next = senders[index + 1];
          if (next)
            log(
              `[sms] ${sender.provider} did not take ${message.idempotencyKey ?? "a message"} (${error.message}); trying ${next.provider}`,
            );
        }
      }
      throw lastError;
    },
  };
}
