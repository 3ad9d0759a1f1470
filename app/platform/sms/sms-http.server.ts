import type { Db } from "~/platform/db/client.server";
import { smsPartCount } from "./sms-encoding.server";
import { SmsNotTakenError, type NamedSmsSender } from "./sms-failover.server";
import type { SmsMessage, SmsSendResult } from "./sms.server";

/**
 * SMS over an HTTP gateway (decision 052), the common shape of Syrian and regional gateways: one request
 * per message, built from a URL template.
 */

/** The settings of an HTTP gateway (SMS_HTTP_URL and the variables beside it; docs/sms.md). */
export type HttpSmsOptions = {
  /**
   * The URL template: `{to}` (the number in E.164 without +), `{text}`, `{sender}` (SMS_SENDER_ID) and `{id}` (our
   * message id, the idempotency key's part after `sms:`) are replaced, URL-encoded (UTF-8 percent-encoding).
   */
  url: string;
  /** GET sends the URL as it is; POST sends its query string as an application/x-www-form-urlencoded body. */
  method: "GET" | "POST";
  senderId?: string;
  /** How long the gateway may take to answer, in ms (default 10 s). */
  timeoutMs?: number;
};

/** A gateway's 2xx answer up to this many characters is read as its message id. */
const SHORT_BODY_CHARS = 200;

/**
 * The request of one message: the template with its fields substituted (percent-encoded), then for POST the query
 * string moved into a form body (the URL keeps its path; the body keeps the template's order of fields).
 */
export function httpSmsRequest(
  options: Pick<HttpSmsOptions, "url" | "method" | "senderId">,
  fields: { to: string; text: string; id: string },
): { url: string; init: RequestInit } {
  const values: Record<string, string> = { ...fields, sender: options.senderId ?? "" };
  const url = options.url.replace(/\{(to|text|sender|id)\}/g, (_, name: string) => encodeURIComponent(values[name]));
  if (options.method === "GET") return { url, init: { method: "GET" } };
  const queryAt = url.indexOf("?");
  return {
    url: queryAt < 0 ? url : url.slice(0, queryAt),
    init: {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: queryAt < 0 ? "" : url.slice(queryAt + 1),
    },
  };
}

/**
 * The gateway's id of the message in a 2xx answer (decision 052): a JSON body's `id`, `message_id`, `messageId` or
 * `msgid` (a string or a number, at the top or in `data`); else a body that is one short token with a digit in it
 * (letters, digits, `-_.:`; up to 64), with an optional `OK`/`ID:` before it (a bare word such as `OK` or `accepted`
 * is a status, not an id); else undefined (our own id is used).
 */
export function gatewayMessageId(body: string): string | undefined {
  const text = body.trim();
  if (!text || text.length > SHORT_BODY_CHARS) return undefined;
  if (text.startsWith("{")) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      for (const holder of [json, json.data as Record<string, unknown> | undefined]) {
        if (!holder || typeof holder !== "object") continue;
        for (const key of ["id", "message_id", "messageId", "msgid"]) {
          const value = holder[key];
          if (typeof value === "string" || typeof value === "number") return String(value);
        }
      }
    } catch {
      return undefined;
    }
    return undefined;
  }
  const match = /^(?:OK[\s:,-]*)?(?:ID[\s:]*)?([A-Za-z0-9_.:-]{1,64})$/i.exec(text);
  return match && /[0-9]/.test(match[1]) ? match[1] : undefined;
}

/** The host (and port) of a gateway's request URL, without its credentials, path or query; "" when not a URL. */
function gatewayHost(url: string): string {
  return URL.canParse(url) ? new URL(url).host : "";
}

/**
 * The system's code of a failed fetch (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_CONNECT_TIMEOUT`…), from its cause, or
 * the error's name: never a message, which may quote the URL (its query holds the text and SMS_HTTP_URL's password).
 */
function errorCode(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && /^[A-Z0-9_]{2,40}$/.test(code)) return code;
  return error instanceof Error ? error.name : "error";
}

/** The HTTP gateway sender. */
export class HttpSmsSender implements NamedSmsSender {
  readonly provider = "http";

  constructor(private readonly options: HttpSmsOptions) {}

  /**
   * Sends one message with one request. Success is a 2xx; its part ids are one id, the gateway's (gatewayMessageId)
   * or ours. Throws SmsNotTakenError when the gateway could not be reached (refused, unknown host: the gateway's host
   * and the system's error code) or answered other than 2xx (its status alone), and a plain Error on a timeout (it
   * may have taken the message). An error never carries the gateway's answer nor the request: it goes to the log,
   * the job's last error and /admin/sms, and a gateway that repeats its request in an error page would put the
   * message's text (a code) and the credentials of SMS_HTTP_URL there (docs/decisions/081).
   */
  async send(_db: Db, { phone, body, idempotencyKey }: SmsMessage & { idempotencyKey?: string }): Promise<SmsSendResult> {
    const id = (idempotencyKey ?? `${Date.now()}`).replace(/^sms:/, "");
    const { url, init } = httpSmsRequest(this.options, { to: phone.replace(/^\+/, ""), text: body, id });
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000) });
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        throw new Error(`SMS gateway did not answer within ${this.options.timeoutMs ?? 10_000} ms`);
      }
      throw new SmsNotTakenError(`SMS gateway ${gatewayHost(url)} unreachable: ${errorCode(error)}`);
    }
    const text = await response.text().catch(() => "");
    if (!response.ok) throw new SmsNotTakenError(`SMS gateway answered ${response.status}`);
    return { provider: this.provider, parts: smsPartCount(body), partIds: [gatewayMessageId(text) ?? id] };
  }
}
