import { performance } from "node:perf_hooks";
import smpp, { type PDU, type Session } from "smpp";
import type { Db } from "~/platform/db/client.server";
import { concatenationHeader, encodeSms } from "./sms-encoding.server";
import { SmsNotTakenError, type NamedSmsSender } from "./sms-failover.server";
import type { SmsReceipt } from "./sms-receipts.server";
import type { SmsMessage, SmsSendResult } from "./sms.server";

/**
 * SMS over SMPP 3.4 (decision 052) with the `smpp` package: one bound transceiver per process, opened on
 * the first send (only processes that run the job worker send), kept alive with enquire_link and bound again with
 * an exponential back-off after a drop; each part a submit_sm with registered_delivery 1, under a rate (submit_sm a
 * second) and a window (submit_sm awaiting their resp); delivery receipts (deliver_sm) answered and handed on.
 */

/** The settings of one SMPP account (SMPP_URL and the variables beside it; docs/sms.md). */
export type SmppOptions = {
  /** `smpp://system_id:password@host:port` (port 2775 when left out). */
  url: string;
  /** The source address (SMS_SENDER_ID): letters make an alphanumeric sender, digits an international number. */
  senderId?: string;
  /** submit_sm PDUs per second, at most (SMPP_TPS). */
  tps: number;
  /** submit_sm PDUs awaiting their resp, at most (SMPP_WINDOW). */
  window: number;
  /** The period of enquire_link, in ms (SMPP_ENQUIRE_LINK_MS): a link whose enquire_link is unanswered by the next is dropped. */
  enquireLinkMs: number;
  /** How long a send waits for the bind, in ms, before it throws SmsNotTakenError (default 10 s). */
  bindWaitMs?: number;
  /** How long one send may take in all, in ms (default 40 s, within the sms job's minute). */
  sendLimitMs?: number;
  /** Each delivery receipt, once answered. */
  onReceipt: (receipt: SmsReceipt) => void;
  /** One line per bind, drop and refusal. */
  log: (line: string) => void;
};

/** The back-off between binds after a drop or a refusal, in ms: 1 s doubling to 60 s, with ±20 % jitter. */
export const REBIND_MIN_MS = 1_000;
export const REBIND_MAX_MS = 60_000;
/**
 * The rate's window, in ms: at most SMPP_TPS submit_sm are written in any window this long. It is a little over a
 * second (5 % of the rate) so that the provider, which counts by its own receive times, sees no more in one second
 * when the network or a busy event loop bunches parts by up to 50 ms.
 */
const RATE_WINDOW_MS = 1_050;
/** Tries of one part answered ESME_RTHROTTLED or ESME_RMSGQFUL, waiting 1 s, 2 s, 4 s… between them. */
const THROTTLED_TRIES = 5;
/** How long a message's taken parts are remembered by its idempotency key, in ms (decision 052). */
const REMEMBER_TAKEN_MS = 2 * 60 * 60_000;

/** The command_status names of the SMPP specification by their number (ESME_RTHROTTLED for 0x58…). */
const STATUS_NAMES = new Map(Object.entries(smpp.errors).map(([name, code]) => [code, name]));

/** The name of an SMPP command_status (`ESME_RTHROTTLED`), or its number in hexadecimal when unknown. */
export function statusName(status: number): string {
  return STATUS_NAMES.get(status) ?? `0x${status.toString(16).padStart(8, "0")}`;
}

/** The fields of an SMPP account URL: host, port (2775 by default), system_id and password (percent-decoded). */
export function parseSmppUrl(url: string): { host: string; port: number; systemId: string; password: string } {
  const parsed = new URL(url);
  if (parsed.protocol !== "smpp:") throw new Error("SMPP_URL must be an smpp:// URL");
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 2775,
    systemId: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
  };
}

/**
 * The source address fields of SMS_SENDER_ID: digits (an optional leading +) are an international number (TON 1,
 * NPI 1, without the +); anything else an alphanumeric name (TON 5, NPI 0); none leaves it to the provider (TON 0,
 * NPI 0, empty).
 */
export function sourceAddress(senderId: string | undefined): {
  source_addr: string;
  source_addr_ton: number;
  source_addr_npi: number;
} {
  if (!senderId) return { source_addr: "", source_addr_ton: 0, source_addr_npi: 0 };
  if (/^\+?[0-9]+$/.test(senderId)) return { source_addr: senderId.replace(/^\+/, ""), source_addr_ton: 1, source_addr_npi: 1 };
  return { source_addr: senderId, source_addr_ton: 5, source_addr_npi: 0 };
}

/** message_state values (SMPP 3.4, 5.2.28) that end a message: 2 is DELIVERED, the others failures. */
const FINAL_STATES: Record<number, string> = {
  2: "DELIVRD",
  3: "EXPIRED",
  4: "DELETED",
  5: "UNDELIV",
  7: "UNKNOWN",
  8: "REJECTD",
};

/**
 * The receipt a deliver_sm carries (SMPP 3.4, appendix B), or undefined for one that is not a final delivery receipt
 * (a message from a phone, or an intermediate ENROUTE/ACCEPTD). The id is the receipted_message_id TLV or the text's
 * `id:`; the state the message_state TLV or the text's `stat:`; a failure's error is `stat:… err:…`.
 */
export function parseReceipt(pdu: PDU): SmsReceipt | undefined {
  // Bits 5-2 of esm_class are the message type; 0001 is an SMSC delivery receipt.
  if ((Number(pdu.esm_class) & 0x3c) !== 0x04) return undefined;
  const content = pdu.short_message?.message ?? pdu.message_payload?.message ?? pdu.short_message ?? "";
  const text = Buffer.isBuffer(content) ? content.toString("latin1") : String(content);
  const field = (name: string) => new RegExp(`(?:^|\\s)${name}:(\\S+)`, "i").exec(text)?.[1];
  const id = (pdu.receipted_message_id as string | undefined) || field("id");
  const stat =
    (typeof pdu.message_state === "number" ? FINAL_STATES[pdu.message_state] : undefined) ?? field("stat")?.toUpperCase();
  if (!id || !stat || stat === "ENROUTE" || stat === "ACCEPTD") return undefined;
  if (stat === "DELIVRD") return { provider: "smpp", providerMessageId: id, state: "delivered" };
  const err = field("err");
  return { provider: "smpp", providerMessageId: id, state: "failed", error: `stat:${stat}${err ? ` err:${err}` : ""}` };
}

/** Thrown for a part whose connection closed before its submit_sm_resp: it is written again after the next bind. */
class ConnectionLost extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The SMPP sender: create one per process (getSmsSender does) and close() it at the end. */
export class SmppSender implements NamedSmsSender {
  readonly provider = "smpp";
  private readonly account: ReturnType<typeof parseSmppUrl>;
  private readonly source: ReturnType<typeof sourceAddress>;
  private session: Session | undefined;
  private bound = false;
  private started = false;
  private closed = false;
  private lastError = "";
  private backoffMs = REBIND_MIN_MS;
  private rebindTimer: NodeJS.Timeout | undefined;
  private enquireTimer: NodeJS.Timeout | undefined;
  private readonly boundWaiters = new Set<() => void>();
  /** Rejects every submit_sm of the current connection awaiting its resp. */
  private readonly awaiting = new Set<(error: Error) => void>();
  private inflight = 0;
  private readonly windowWaiters: (() => void)[] = [];
  /** When each of the last SMPP_TPS submit_sm was written (performance.now(), ms). */
  private readonly written: number[] = [];
  private reference = Math.floor(Math.random() * 256);
  /** By idempotency key: the parts' ids taken so far and the message's concatenation reference. */
  private readonly taken = new Map<string, { ids: (string | undefined)[]; reference: number; at: number }>();
  /** The idempotency key of each part id in `taken`. */
  private readonly keyOfPart = new Map<string, string>();

  constructor(private readonly options: SmppOptions) {
    this.account = parseSmppUrl(options.url);
    this.source = sourceAddress(options.senderId);
  }

  /**
   * Sends one message as its parts and answers their ids (the submit_sm_resp message_id of each, in order). A part
   * whose connection drops before its resp is written again after the next bind (decision 052); parts throttled by
   * the provider are tried again within the send. Throws SmsNotTakenError when no part was taken (not bound within
   * bindWaitMs, or error answers), another Error when some were; with the same idempotencyKey, a later try sends only
   * the parts not taken yet (and none when all were).
   */
  async send(_db: Db, { phone, body, idempotencyKey }: SmsMessage & { idempotencyKey?: string }): Promise<SmsSendResult> {
    const { dataCoding, parts } = encodeSms(body);
    this.forgetOld();
    let memo = idempotencyKey ? this.taken.get(idempotencyKey) : undefined;
    if (!memo || memo.ids.length !== parts.length) {
      memo = {
        ids: new Array<string | undefined>(parts.length).fill(undefined),
        reference: this.nextReference(),
        at: Date.now(),
      };
      if (idempotencyKey) this.taken.set(idempotencyKey, memo);
    }
    const { ids, reference } = memo;
    const deadline = Date.now() + (this.options.sendLimitMs ?? 40_000);
    const results = await Promise.allSettled(
      parts.map(async (part, index) => {
        if (ids[index]) return;
        const header = parts.length > 1 ? concatenationHeader(reference, parts.length, index + 1) : undefined;
        const id = await this.submitPart(
          {
            ...this.source,
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            destination_addr: phone.replace(/^\+/, ""),
            esm_class: header ? 0x40 : 0,
            registered_delivery: 1,
            data_coding: dataCoding,
            short_message: header ? Buffer.concat([header, part]) : part,
          },
          deadline,
        );
        ids[index] = id;
        if (idempotencyKey) this.keyOfPart.set(id, idempotencyKey);
      }),
    );
    const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failure) {
      const reason = failure.reason instanceof Error ? failure.reason.message : String(failure.reason);
      if (ids.every((id) => !id)) throw new SmsNotTakenError(reason);
      throw new Error(`SMPP took ${ids.filter(Boolean).length} of ${ids.length} parts: ${reason}`);
    }
    return { provider: this.provider, parts: parts.length, partIds: ids as string[] };
  }

  /** Unbinds and closes the connection, and binds no more. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.rebindTimer);
    clearInterval(this.enquireTimer);
    const session = this.session;
    if (!session) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => session.destroy(), 1_000);
      session.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
      if (!this.bound || !session.unbind(() => session.close())) session.destroy();
    });
  }

  /** Writes one submit_sm when bound, within the window and the rate, and answers its message_id. */
  private async submitPart(fields: Record<string, unknown>, deadline: number): Promise<string> {
    let throttled = 0;
    for (;;) {
      const session = await this.boundSession(Math.min(this.options.bindWaitMs ?? 10_000, deadline - Date.now()));
      await this.windowSlot();
      let resp: PDU;
      try {
        await this.rateToken();
        if (session !== this.session || !this.bound) continue; // dropped while waiting: bind again
        resp = await this.submit(session, fields);
      } catch (error) {
        if (error instanceof ConnectionLost && Date.now() < deadline) continue;
        throw error;
      } finally {
        this.releaseSlot();
      }
      if (resp.command_status === 0) return String(resp.message_id);
      const name = statusName(resp.command_status);
      const retryable = resp.command_status === smpp.errors.ESME_RTHROTTLED || resp.command_status === smpp.errors.ESME_RMSGQFUL;
      const wait = 1_000 * 2 ** throttled;
      if (!retryable || ++throttled >= THROTTLED_TRIES || Date.now() + wait > deadline) throw new Error(`submit_sm: ${name}`);
      await sleep(wait);
    }
  }

  /** One submit_sm and its resp; rejects with ConnectionLost when the connection closes first. */
  private submit(session: Session, fields: Record<string, unknown>): Promise<PDU> {
    return new Promise<PDU>((resolve, reject) => {
      const lost = (error: Error) => reject(error);
      this.awaiting.add(lost);
      const written = session.submit_sm(fields, (resp: PDU) => {
        this.awaiting.delete(lost);
        resolve(resp);
      });
      if (!written) {
        this.awaiting.delete(lost);
        reject(new ConnectionLost("connection not writable"));
      }
    });
  }

  /** The bound session, binding first if need be; throws SmsNotTakenError when not bound within `waitMs`. */
  private boundSession(waitMs: number): Promise<Session> {
    if (this.closed) return Promise.reject(new SmsNotTakenError("SMPP sender closed"));
    if (this.bound && this.session) return Promise.resolve(this.session);
    if (!this.started) {
      this.started = true;
      this.connect();
    }
    return new Promise<Session>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.boundWaiters.delete(done);
        if (this.session && this.bound) resolve(this.session);
        else reject(new SmsNotTakenError("SMPP sender closed"));
      };
      const timer = setTimeout(
        () => {
          this.boundWaiters.delete(done);
          reject(
            new SmsNotTakenError(
              `SMPP not bound within ${Math.max(0, waitMs)} ms${this.lastError ? ` (${this.lastError})` : ""}`,
            ),
          );
        },
        Math.max(0, waitMs),
      );
      this.boundWaiters.add(done);
    });
  }

  private connect(): void {
    const { host, port, systemId, password } = this.account;
    const session = smpp.connect({ host, port });
    this.session = session;
    session.on("connect", () => {
      session.bind_transceiver({ system_id: systemId, password, interface_version: 0x34 }, (resp: PDU) => {
        if (session !== this.session) return;
        if (resp.command_status !== 0) {
          this.lastError = `bind_transceiver refused: ${statusName(resp.command_status)}`;
          this.options.log(`[sms] smpp ${host}:${port} ${this.lastError}`);
          session.destroy();
          return;
        }
        this.bound = true;
        this.lastError = "";
        this.backoffMs = REBIND_MIN_MS;
        this.options.log(`[sms] smpp bound to ${host}:${port} as ${systemId}`);
        this.keepAlive(session);
        for (const waiter of [...this.boundWaiters]) waiter();
      });
    });
    session.on("deliver_sm", (pdu: PDU) => {
      session.send(pdu.response());
      const receipt = parseReceipt(pdu);
      if (!receipt) return;
      // A message one of whose parts failed may be sent again from the back office under the same key: forget it.
      if (receipt.state === "failed") this.forgetPart(receipt.providerMessageId);
      this.options.onReceipt(receipt);
    });
    session.on("enquire_link", (pdu: PDU) => session.send(pdu.response()));
    session.on("unbind", (pdu: PDU) => {
      session.send(pdu.response());
      session.close();
    });
    session.on("error", (error: Error) => {
      this.lastError = error.message;
    });
    session.on("close", () => this.dropped(session));
  }

  /** enquire_link every enquireLinkMs; a link that has not answered the previous one by then is dropped. */
  private keepAlive(session: Session): void {
    let answered = true;
    clearInterval(this.enquireTimer);
    this.enquireTimer = setInterval(() => {
      if (!answered) {
        this.options.log("[sms] smpp enquire_link unanswered; dropping the connection");
        session.destroy();
        return;
      }
      answered = false;
      session.enquire_link(() => {
        answered = true;
      });
    }, this.options.enquireLinkMs);
    this.enquireTimer.unref();
  }

  private dropped(session: Session): void {
    if (session !== this.session) return;
    const wasBound = this.bound;
    this.session = undefined;
    this.bound = false;
    clearInterval(this.enquireTimer);
    for (const reject of [...this.awaiting]) reject(new ConnectionLost("connection closed before submit_sm_resp"));
    this.awaiting.clear();
    if (this.closed) {
      for (const waiter of [...this.boundWaiters]) waiter();
      return;
    }
    const delay = Math.round(this.backoffMs * (0.8 + 0.4 * Math.random()));
    this.backoffMs = Math.min(this.backoffMs * 2, REBIND_MAX_MS);
    if (wasBound) this.options.log(`[sms] smpp connection dropped; binding again in ${delay} ms`);
    this.rebindTimer = setTimeout(() => this.connect(), delay);
    this.rebindTimer.unref();
  }

  private async windowSlot(): Promise<void> {
    if (this.inflight < this.options.window) {
      this.inflight++;
      return;
    }
    await new Promise<void>((resolve) => this.windowWaiters.push(resolve));
  }

  /** Hands the slot to the next waiter (the count stays), or frees it. */
  private releaseSlot(): void {
    const next = this.windowWaiters.shift();
    if (next) next();
    else this.inflight--;
  }

  /** Waits until fewer than SMPP_TPS submit_sm were written in the last RATE_WINDOW_MS, and counts this one. */
  private async rateToken(): Promise<void> {
    for (;;) {
      const now = performance.now();
      while (this.written.length > 0 && now - this.written[0] >= RATE_WINDOW_MS) this.written.shift();
      if (this.written.length < this.options.tps) {
        this.written.push(now);
        return;
      }
      await sleep(this.written[0] + RATE_WINDOW_MS - now);
    }
  }

  private nextReference(): number {
    this.reference = (this.reference + 1) & 0xff;
    return this.reference;
  }

  /** Forgets the taken parts of the message that part `partId` belongs to. */
  private forgetPart(partId: string): void {
    const key = this.keyOfPart.get(partId);
    if (key !== undefined) this.forget(key);
  }

  private forget(key: string): void {
    for (const id of this.taken.get(key)?.ids ?? []) if (id) this.keyOfPart.delete(id);
    this.taken.delete(key);
  }

  private forgetOld(): void {
    const before = Date.now() - REMEMBER_TAKEN_MS;
    for (const [key, memo] of this.taken) {
      if (memo.at >= before) break;
      this.forget(key);
    }
  }
}
