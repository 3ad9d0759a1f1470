import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import smpp from "smpp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/client.server";
import { sms_messages, sms_parts } from "~/platform/db/schema";
import { failoverSender, SmsNotTakenError } from "~/platform/sms/sms-failover.server";
import { HttpSmsSender } from "~/platform/sms/sms-http.server";
import { receiptHandler, type SmsReceipt } from "~/platform/sms/sms-receipts.server";
import { SmppSender, type SmppOptions } from "~/platform/sms/sms-smpp.server";
import { useTestDatabase } from "./helpers/db";
import { startSmppServer, type SmppTestServer } from "./helpers/smpp-server";

/**
 * The SMPP sender against a real SMPP server on a local port (the smpp package's server side, tests/helpers/
 * smpp-server.ts), decision 052: bind, Arabic in UCS-2, a three-part message reassembled from its UDH, receipts
 * stored, a connection dropped during a burst with nothing lost and nothing twice, the rate held, failover to HTTP.
 */

const test = useTestDatabase();
const db = () => test.get().db;

const ARABIC = "رمز التفعيل في عقار سوريا: 482913. لا تشاركه مع أحد.";
const LONG_ARABIC =
  "مرحباً، تمت الموافقة على إعلانك في عقار سوريا وأصبح ظاهراً لكل الزوار. " +
  "يبقى الإعلان منشوراً ستين يوماً، ونرسل لك تذكيراً قبل انتهائه بأسبوع لتجدده برسالة واحدة. " +
  "شكراً لثقتك بنا.";

let server: SmppTestServer;
const senders: SmppSender[] = [];
const logs: string[] = [];
const receipts: SmsReceipt[] = [];

/** A sender to the test server, closed after the test. */
function sender(options: Partial<SmppOptions> = {}): SmppSender {
  const s = new SmppSender({
    url: server.url(),
    senderId: "AqarSy",
    tps: 100,
    window: 10,
    enquireLinkMs: 30_000,
    bindWaitMs: 5_000,
    onReceipt: (r) => receipts.push(r),
    log: (line) => logs.push(line),
    ...options,
  });
  senders.push(s);
  return s;
}

beforeAll(async () => {
  server = await startSmppServer({ systemId: "aqar", password: "s3cret:/@" });
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.close()));
  server.taken.length = 0;
  server.binds.length = 0;
  receipts.length = 0;
});
afterAll(async () => {
  await server.close();
});

/** Waits until `check` holds (polling every 20 ms), up to `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("SMPP sender", () => {
  it("binds as a transceiver with the URL's system_id and password, once, on the first send", async () => {
    const s = sender();
    expect(server.binds).toHaveLength(0);
    await s.send(db(), { phone: "+963944123456", body: "Code 1", idempotencyKey: "sms:1" });
    await s.send(db(), { phone: "+963944123456", body: "Code 2", idempotencyKey: "sms:2" });
    expect(server.binds).toEqual([{ systemId: "aqar", password: "s3cret:/@", accepted: true }]);
    expect(server.taken.map((t) => [t.destination, t.text, t.dataCoding, t.registeredDelivery])).toEqual([
      ["963944123456", "Code 1", 0, 1],
      ["963944123456", "Code 2", 0, 1],
    ]);
    // An alphanumeric sender: TON 5, NPI 0.
    expect([server.taken[0].source, server.taken[0].sourceTon, server.taken[0].sourceNpi]).toEqual(["AqarSy", 5, 0]);
  });

  it("gives up on a refused bind within the wait, naming the status, without taking anything", async () => {
    const s = sender({ url: server.url("aqar", "wrong"), bindWaitMs: 1_500 });
    const error = await s.send(db(), { phone: "+963944123456", body: "Code" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsNotTakenError);
    expect(String(error)).toContain("ESME_RINVPASWD");
    expect(server.binds[0]).toEqual({ systemId: "aqar", password: "wrong", accepted: false });
    expect(server.taken).toHaveLength(0);
  });

  it("sends Arabic as UCS-2 (data_coding 8) that decodes to the same text, with a numeric sender", async () => {
    const s = sender({ senderId: "+963112345678" });
    const result = await s.send(db(), { phone: "+963944123456", body: ARABIC });
    expect(result).toEqual({ provider: "smpp", parts: 1, partIds: [server.taken[0].messageId] });
    expect(server.taken[0]).toMatchObject({ dataCoding: 8, text: ARABIC, esmClass: 0, concat: undefined });
    expect([server.taken[0].source, server.taken[0].sourceTon, server.taken[0].sourceNpi]).toEqual(["963112345678", 1, 1]);
  });

  it("splits a long message into three parts with a concatenation UDH that the server reassembles", async () => {
    const s = sender();
    const result = await s.send(db(), { phone: "+963933000111", body: LONG_ARABIC, idempotencyKey: "sms:long" });
    expect(result.parts).toBe(3);
    expect(result.partIds).toEqual(server.taken.map((t) => t.messageId));
    const references = new Set(server.taken.map((t) => t.concat?.reference));
    expect(references.size).toBe(1);
    expect(server.taken.map((t) => [t.esmClass & 0x40, t.concat?.total, t.dataCoding])).toEqual([
      [0x40, 3, 8],
      [0x40, 3, 8],
      [0x40, 3, 8],
    ]);
    expect(server.messages()).toEqual([{ destination: "963933000111", parts: 3, text: LONG_ARABIC }]);
  });

  it("does not send again a message whose idempotency key it already sent", async () => {
    const s = sender();
    const first = await s.send(db(), { phone: "+963944123456", body: LONG_ARABIC, idempotencyKey: "sms:77" });
    const again = await s.send(db(), { phone: "+963944123456", body: LONG_ARABIC, idempotencyKey: "sms:77" });
    expect(again).toEqual(first);
    expect(server.taken).toHaveLength(3);
  });

  it("sends again under the same key once a receipt said the message failed (the back office's resend)", async () => {
    const s = sender();
    const first = await s.send(db(), { phone: "+963944123456", body: "Resend me", idempotencyKey: "sms:88" });
    server.receipt(first.partIds[0], "UNDELIV", { err: "001" });
    await until(() => receipts.length === 1);
    expect(receipts).toEqual([
      { provider: "smpp", providerMessageId: first.partIds[0], state: "failed", error: "stat:UNDELIV err:001" },
    ]);
    const again = await s.send(db(), { phone: "+963944123456", body: "Resend me", idempotencyKey: "sms:88" });
    expect(again.partIds[0]).not.toBe(first.partIds[0]);
    expect(server.taken.map((t) => t.text)).toEqual(["Resend me", "Resend me"]);
  });

  it("waits and tries again a part the provider throttles; throws the status name of another error", async () => {
    const throttling = await startSmppServer({
      systemId: "aqar",
      password: "p",
      status: (_submit, index) => (index === 0 ? smpp.errors.ESME_RTHROTTLED : index === 2 ? smpp.errors.ESME_RINVDSTADR : 0),
    });
    try {
      const s = sender({ url: throttling.url() });
      const sent = await s.send(db(), { phone: "+963944123456", body: "Throttled once" });
      expect(sent.partIds).toEqual([throttling.taken[0].messageId]);
      expect(throttling.taken.map((t) => t.text)).toEqual(["Throttled once"]);
      const error = await s.send(db(), { phone: "+963944123456", body: "Refused" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsNotTakenError);
      expect(String(error)).toContain("ESME_RINVDSTADR");
    } finally {
      await throttling.close();
    }
  });

  it("loses nothing and sends nothing twice when the server drops the connection during a burst, at 20 a second", async () => {
    const s = sender({ tps: 20, window: 10 });
    await s.send(db(), { phone: "+963900000000", body: "warm-up", idempotencyKey: "sms:warm" });
    server.taken.length = 0;
    server.dropAfter(17);
    const bodies = Array.from({ length: 50 }, (_, i) => `Alert ${i + 1}: new listings in Damascus`);
    const results = await Promise.all(
      bodies.map((body, i) =>
        s.send(db(), { phone: `+9639440000${String(i).padStart(2, "0")}`, body, idempotencyKey: `sms:burst-${i}` }),
      ),
    );
    expect(logs.some((line) => line.includes("connection dropped"))).toBe(true);
    expect(server.binds.filter((b) => b.accepted)).toHaveLength(2);
    // Every message arrived exactly once, and each result names the part the server took.
    const arrived = server.taken.map((t) => t.text).sort();
    expect(arrived).toEqual([...bodies].sort());
    expect(new Set(results.map((r) => r.partIds[0])).size).toBe(50);
    // No one-second window of the server's receive times holds more than 20 submit_sm.
    const times = server.taken.map((t) => t.at).sort((a, b) => a - b);
    const busiest = Math.max(...times.map((t, i) => times.filter((u, j) => j >= i && u < t + 1_000).length));
    expect(busiest).toBeLessThanOrEqual(20);
    expect(busiest).toBeGreaterThanOrEqual(15);
  });
});

describe("SMPP delivery receipts", () => {
  /** A message as the sms task stores it once sent: the row `sent` and one sms_parts row per part id. */
  async function storeSent(database: Db, phone: string, result: { parts: number; partIds: string[] }) {
    const [row] = await database
      .insert(sms_messages)
      .values({
        phone,
        body: null,
        kind: "bulk",
        purpose: "alert",
        state: "sent",
        provider: "smpp",
        parts: result.parts,
        sent_at: new Date(),
      })
      .returning({ id: sms_messages.id });
    await database.insert(sms_parts).values(
      result.partIds.map((id, i) => ({
        provider: "smpp",
        provider_message_id: id,
        sms_id: row.id,
        part: i + 1,
        state: "sent" as const,
      })),
    );
    return row.id;
  }
  const messageRow = async (id: number) => (await db().select().from(sms_messages).where(eq(sms_messages.id, id)))[0];
  const partRows = (id: number) => db().select().from(sms_parts).where(eq(sms_parts.sms_id, id)).orderBy(sms_parts.part);

  it("answers receipts and marks the message delivered when all its parts are, or failed with the reason", async () => {
    const s = sender({ onReceipt: receiptHandler(db, { log: (l) => logs.push(l) }) });
    const long = await s.send(db(), { phone: "+963933000222", body: LONG_ARABIC });
    const longId = await storeSent(db(), "+963933000222", long);
    const short = await s.send(db(), { phone: "+963933000333", body: "Your listing expires in 7 days" });
    const shortId = await storeSent(db(), "+963933000333", short);

    server.receipt(long.partIds[0], "DELIVRD");
    server.receipt(long.partIds[1], "DELIVRD", { tlv: true });
    await until(async () => (await partRows(longId)).filter((p) => p.state === "delivered").length === 2);
    expect((await messageRow(longId)).state).toBe("sent");
    server.receipt(long.partIds[2], "DELIVRD");
    await until(async () => (await messageRow(longId)).state === "delivered");
    expect((await messageRow(longId)).delivered_at).not.toBeNull();

    server.receipt(short.partIds[0], "UNDELIV", { err: "001" });
    await until(async () => (await messageRow(shortId)).state === "failed");
    expect((await messageRow(shortId)).error).toBe("stat:UNDELIV err:001");
    expect((await partRows(shortId))[0]).toMatchObject({ state: "failed", error: "stat:UNDELIV err:001" });
  });

  it("keeps a receipt that comes before the sending transaction commits, and stores it once the parts exist", async () => {
    const early = await startSmppServer({ systemId: "aqar", password: "p", autoReceipt: { stat: "DELIVRD", delayMs: 0 } });
    try {
      const lines: string[] = [];
      const s = sender({ url: early.url(), onReceipt: receiptHandler(db, { log: (l) => lines.push(l), retryMs: [300, 1_500] }) });
      const sent = await s.send(db(), { phone: "+963933000444", body: "Early receipt" });
      await until(() => early.taken.length === 1);
      await new Promise((r) => setTimeout(r, 100)); // the receipt has come and matched nothing yet
      const id = await storeSent(db(), "+963933000444", sent);
      await until(async () => (await messageRow(id)).state === "delivered", 5_000);
      expect(lines).toEqual([]);

      // A receipt for a part that never appears is given up with one line.
      const unknown = await s.send(db(), { phone: "+963933000555", body: "Never stored" });
      await until(() => lines.length === 1, 5_000);
      expect(lines[0]).toContain(`smpp:${unknown.partIds[0]}`);
    } finally {
      await early.close();
    }
  });
});

describe("failover", () => {
  it("logs neither credentials nor the message when an HTTP gateway echoes its request in an error and SMPP refuses the bind", async () => {
    // A gateway that answers 500 with its whole request (URL and body), as some do in their error pages.
    const gateway = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end(`error: could not send ${decodeURIComponent(req.url ?? "")} ${decodeURIComponent(body)}`);
      });
    });
    await new Promise<void>((r) => gateway.listen(0, "127.0.0.1", r));
    try {
      const port = (gateway.address() as AddressInfo).port;
      const secrets = ["HttpPass-7731", "SmppPass-4408", "482913", "963944551122"];
      const httpSender = new HttpSmsSender({
        url: `http://127.0.0.1:${port}/send?user=aqar&pass=${secrets[0]}&to={to}&text={text}&id={id}`,
        method: "POST",
      });
      const smppSender = sender({ url: server.url("aqar", secrets[1]), bindWaitMs: 1_000 });
      const lines: string[] = [];
      const failover = failoverSender([httpSender, smppSender], (l) => lines.push(l));
      logs.length = 0;
      const error = await failover
        .send(db(), { phone: "+963944551122", body: "رمز التفعيل: 482913", idempotencyKey: "sms:77" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsNotTakenError);
      expect(lines).toEqual(["[sms] http did not take sms:77 (SMS gateway answered 500); trying smpp"]);
      // Everything that reaches the log, the job's last error and /admin/sms: the failover's line, the SMPP
      // sender's own lines and the last error.
      const written = [...lines, ...logs, (error as Error).message].join("\n");
      expect(written).toContain("ESME_RINVPASWD");
      for (const secret of [...secrets, "رمز التفعيل"]) expect(written).not.toContain(secret);
    } finally {
      await new Promise((r) => gateway.close(r));
    }
  });

  it("sends through HTTP when the SMPP server is down, and records the provider that took it", async () => {
    const down = await startSmppServer({ systemId: "aqar", password: "p" });
    const downUrl = down.url();
    await down.close();
    const requests: string[] = [];
    const gateway = http.createServer((req, res) => {
      requests.push(req.url ?? "");
      res.end("OK 9001");
    });
    await new Promise<void>((r) => gateway.listen(0, "127.0.0.1", r));
    try {
      const port = (gateway.address() as AddressInfo).port;
      const smppSender = sender({ url: downUrl, bindWaitMs: 1_000 });
      const httpSender = new HttpSmsSender({ url: `http://127.0.0.1:${port}/send?to={to}&text={text}&id={id}`, method: "GET" });
      const lines: string[] = [];
      const failover = failoverSender([smppSender, httpSender], (l) => lines.push(l));
      const result = await failover.send(db(), { phone: "+963944123456", body: ARABIC, idempotencyKey: "sms:42" });
      expect(result).toEqual({ provider: "http", parts: 1, partIds: ["9001"] });
      expect(requests).toHaveLength(1);
      expect(new URL(requests[0], "http://x").searchParams.get("text")).toBe(ARABIC);
      expect(lines[0]).toMatch(/smpp did not take sms:42 \(SMPP not bound within 1000 ms.*\); trying http/);
    } finally {
      await new Promise((r) => gateway.close(r));
    }
  });
});
