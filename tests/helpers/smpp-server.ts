import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import smpp, { type PDU, type Session } from "smpp";

/**
 * A real SMPP 3.4 server on a local port for tests and the benchmark (the `smpp` package's server side), standing
 * for a provider's SMSC: it binds transceivers with one system_id and password, takes every submit_sm it reads and
 * answers it (message ids `<prefix>-1`, `<prefix>-2`…, the prefix random per server), records what it took with the time it read it, reassembles concatenated
 * parts from their UDH, and sends delivery receipts on request.
 */

/** One submit_sm the server took. */
export type TakenSubmit = {
  /** performance.now() when it was read, in ms. */
  at: number;
  messageId: string;
  destination: string;
  source: string;
  sourceTon: number;
  sourceNpi: number;
  dataCoding: number;
  esmClass: number;
  registeredDelivery: number;
  /** The concatenation IE (reference, total, part) when the part had one. */
  concat?: { reference: number; total: number; part: number };
  /** The part's text as decoded by data_coding. */
  text: string;
};

export type SmppServerOptions = {
  systemId: string;
  password: string;
  /**
   * Decides the answer to a submit_sm (its command_status: 0 takes it); by default every one is taken. A status
   * other than 0 is not recorded as taken.
   */
  status?: (submit: TakenSubmit, index: number) => number;
  /** Sends a delivery receipt for every part it takes, `delayMs` after its resp (none by default). */
  autoReceipt?: { stat: string; delayMs: number };
};

export type SmppTestServer = {
  port: number;
  /** smpp://system_id:password@127.0.0.1:port, with the server's credentials unless others are given. */
  url(systemId?: string, password?: string): string;
  /** Every submit_sm taken, in the order read. */
  taken: TakenSubmit[];
  /** Every bind_transceiver, with whether it was accepted. */
  binds: { systemId: string; password: string; accepted: boolean }[];
  /** The texts of the messages taken, each reassembled from its parts (by destination and reference). */
  messages(): { destination: string; text: string; parts: number }[];
  /** Sends a delivery receipt for `messageId` on every bound session (`tlv`: as TLVs as well as the text). */
  receipt(messageId: string, stat: string, options?: { err?: string; tlv?: boolean }): void;
  /**
   * Drops every connection after the next `afterSubmits` submit_sm taken (answered first, then the socket ended); a
   * PDU read after that is not taken and not answered.
   */
  dropAfter(afterSubmits: number): void;
  close(): Promise<void>;
};

const MESSAGE_STATES: Record<string, number> = { DELIVRD: 2, EXPIRED: 3, DELETED: 4, UNDELIV: 5, UNKNOWN: 7, REJECTD: 8 };

/** Starts the server on 127.0.0.1 and a free port (or `port`). */
export async function startSmppServer(options: SmppServerOptions, port = 0): Promise<SmppTestServer> {
  const taken: TakenSubmit[] = [];
  const binds: SmppTestServer["binds"] = [];
  const bound = new Set<Session>();
  const dropping = new Set<Session>();
  let dropCountdown: number | undefined;
  let submits = 0;
  const idPrefix = Math.random().toString(16).slice(2, 8);

  const sendReceipt = (session: Session, messageId: string, stat: string, err = "000", tlv = false) => {
    const date = "2611270900";
    const text = `id:${messageId} sub:001 dlvrd:${stat === "DELIVRD" ? "001" : "000"} submit date:${date} done date:${date} stat:${stat} err:${err} text:`;
    session.deliver_sm({
      source_addr: "963944000000",
      destination_addr: "Aqar",
      esm_class: 0x04,
      short_message: text,
      ...(tlv ? { receipted_message_id: messageId, message_state: MESSAGE_STATES[stat] ?? 7 } : {}),
    });
  };

  const server = smpp.createServer({}, (session: Session) => {
    session.on("error", () => undefined);
    session.on("close", () => {
      bound.delete(session);
      dropping.delete(session);
    });
    session.on("bind_transceiver", (pdu: PDU) => {
      const accepted = pdu.system_id === options.systemId && pdu.password === options.password;
      binds.push({ systemId: pdu.system_id, password: pdu.password, accepted });
      if (!accepted) {
        session.send(pdu.response({ command_status: smpp.errors.ESME_RINVPASWD }));
        return;
      }
      bound.add(session);
      session.send(pdu.response({ system_id: "test-smsc" }));
    });
    session.on("enquire_link", (pdu: PDU) => session.send(pdu.response()));
    session.on("unbind", (pdu: PDU) => {
      session.send(pdu.response());
      session.close();
    });
    session.on("submit_sm", (pdu: PDU) => {
      if (dropping.has(session) || !bound.has(session)) return;
      const message = pdu.short_message as { udh?: Buffer[]; message: string };
      const ie = message.udh?.find((h) => h[0] === 0x00);
      const submit: TakenSubmit = {
        at: performance.now(),
        messageId: "",
        destination: pdu.destination_addr,
        source: pdu.source_addr,
        sourceTon: pdu.source_addr_ton,
        sourceNpi: pdu.source_addr_npi,
        dataCoding: pdu.data_coding,
        esmClass: pdu.esm_class,
        registeredDelivery: pdu.registered_delivery,
        concat: ie ? { reference: ie[2], total: ie[3], part: ie[4] } : undefined,
        text: message.message,
      };
      const status = options.status?.(submit, submits++) ?? 0;
      if (status !== 0) {
        session.send(pdu.response({ command_status: status }));
        return;
      }
      submit.messageId = `${idPrefix}-${taken.length + 1}`;
      taken.push(submit);
      session.send(pdu.response({ message_id: submit.messageId }));
      if (options.autoReceipt) {
        const { stat, delayMs } = options.autoReceipt;
        setTimeout(() => bound.has(session) && sendReceipt(session, submit.messageId, stat), delayMs);
      }
      if (dropCountdown !== undefined && --dropCountdown <= 0) {
        dropCountdown = undefined;
        for (const s of bound) {
          dropping.add(s);
          s.close();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;

  return {
    port: actualPort,
    url: (systemId = options.systemId, password = options.password) =>
      `smpp://${encodeURIComponent(systemId)}:${encodeURIComponent(password)}@127.0.0.1:${actualPort}`,
    taken,
    binds,
    messages() {
      const byKey = new Map<string, TakenSubmit[]>();
      for (const submit of taken) {
        const key = submit.concat
          ? `${submit.destination}/${submit.concat.reference}`
          : `${submit.destination}/${submit.messageId}`;
        byKey.set(key, [...(byKey.get(key) ?? []), submit]);
      }
      return [...byKey.values()].map((parts) => ({
        destination: parts[0].destination,
        parts: parts.length,
        text: parts
          .sort((a, b) => (a.concat?.part ?? 0) - (b.concat?.part ?? 0))
          .map((p) => p.text)
          .join(""),
      }));
    },
    receipt(messageId, stat, receiptOptions = {}) {
      for (const session of bound) sendReceipt(session, messageId, stat, receiptOptions.err, receiptOptions.tlv);
    },
    dropAfter(afterSubmits) {
      dropCountdown = afterSubmits;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of server.sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
