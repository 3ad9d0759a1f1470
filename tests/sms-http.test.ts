import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "~/platform/db/client.server";
import { SmsNotTakenError } from "~/platform/sms/sms-failover.server";
import { gatewayMessageId, HttpSmsSender } from "~/platform/sms/sms-http.server";

/**
 * The HTTP gateway sender against a real HTTP server on a local port (decision 052): GET and POST templates, Arabic
 * percent-encoded in the URL, the gateway's id read from its answer, and errors; and the variables of the providers.
 */

type Received = { method: string; url: string; contentType?: string; body: string };
const received: Received[] = [];
/** What the gateway answers next: status and body. */
let answer = { status: 200, body: "OK" };
let base = "";
const gateway = http.createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => (body += chunk));
  req.on("end", () => {
    received.push({ method: req.method ?? "", url: req.url ?? "", contentType: req.headers["content-type"], body });
    res.writeHead(answer.status, { "content-type": "text/plain" });
    res.end(answer.body);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => gateway.close(resolve));
});

// The HTTP sender writes nothing to the database.
const noDb = undefined as unknown as Db;
const ARABIC = "رمز التفعيل: 482913 & لا تشاركه";

describe("HTTP gateway sender", () => {
  it("GETs the template with the number, the Arabic text, the sender and our id percent-encoded", async () => {
    received.length = 0;
    answer = { status: 200, body: '{"status":"queued","message_id":"gw-777"}' };
    const sender = new HttpSmsSender({
      url: `${base}/api/send?user=aqar&to={to}&msg={text}&from={sender}&ref={id}`,
      method: "GET",
      senderId: "Aqar Sy",
    });
    const result = await sender.send(noDb, { phone: "+963944123456", body: ARABIC, idempotencyKey: "sms:51" });
    expect(result).toEqual({ provider: "http", parts: 1, partIds: ["gw-777"] });
    expect(received).toHaveLength(1);
    const { method, url } = received[0];
    expect(method).toBe("GET");
    expect(url).toContain(`msg=${encodeURIComponent(ARABIC)}`);
    expect(url).toContain("%D8%B1%D9%85%D8%B2"); // رمز in UTF-8, percent-encoded
    const query = new URL(url, base).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      user: "aqar",
      to: "963944123456",
      msg: ARABIC,
      from: "Aqar Sy",
      ref: "51",
    });
  });

  it("POSTs the template's query string as a form body to the URL without it", async () => {
    received.length = 0;
    answer = { status: 202, body: "accepted" };
    const sender = new HttpSmsSender({ url: `${base}/sms?to={to}&text={text}&id={id}`, method: "POST" });
    const long = "Your listing in Damascus expires in 7 days. ".repeat(5);
    const result = await sender.send(noDb, { phone: "+963933000111", body: long, idempotencyKey: "sms:52" });
    // "accepted" is a status, not an id: our id; the message took two parts.
    expect(result).toEqual({ provider: "http", parts: 2, partIds: ["52"] });
    expect(received[0]).toMatchObject({ method: "POST", url: "/sms", contentType: "application/x-www-form-urlencoded" });
    expect(Object.fromEntries(new URLSearchParams(received[0].body))).toEqual({
      to: "963933000111",
      text: long,
      id: "52",
    });
  });

  it("uses our id when the answer names none", async () => {
    answer = { status: 200, body: "<html><body>Message accepted for delivery, thank you</body></html>" };
    const sender = new HttpSmsSender({ url: `${base}/send?to={to}&text={text}`, method: "GET" });
    const result = await sender.send(noDb, { phone: "+963944123456", body: "Hi", idempotencyKey: "sms:53" });
    expect(result.partIds).toEqual(["53"]);
  });

  it("throws the status alone on an answer other than 2xx, as not taken, never the answer's body", async () => {
    answer = { status: 402, body: "Insufficient balance on account aqar" };
    const sender = new HttpSmsSender({ url: `${base}/send?to={to}&text={text}`, method: "GET" });
    const error = await sender.send(noDb, { phone: "+963944123456", body: "Hi" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsNotTakenError);
    expect((error as Error).message).toBe("SMS gateway answered 402");
  });

  it("throws as not taken when the gateway cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const sender = new HttpSmsSender({ url: `http://127.0.0.1:${port}/send?to={to}&text={text}`, method: "GET" });
    const error = await sender.send(noDb, { phone: "+963944123456", body: "Hi" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsNotTakenError);
    expect((error as Error).message).toBe(`SMS gateway 127.0.0.1:${port} unreachable: ECONNREFUSED`);
  });

  it("names neither the URL nor its password when fetch refuses the URL itself (credentials before the host)", async () => {
    const sender = new HttpSmsSender({ url: `http://aqar:Pass-5521@127.0.0.1:1/send?pass=Pass-5521&text={text}`, method: "GET" });
    const error = await sender.send(noDb, { phone: "+963944123456", body: "code 918273" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsNotTakenError);
    expect((error as Error).message).toBe("SMS gateway 127.0.0.1:1 unreachable: TypeError");
  });

  it("reads the gateway's id from JSON or a short token, and nothing else", () => {
    expect(gatewayMessageId('{"id": 12345}')).toBe("12345");
    expect(gatewayMessageId('{"data": {"messageId": "a1-b2"}}')).toBe("a1-b2");
    expect(gatewayMessageId("OK: 98765")).toBe("98765");
    expect(gatewayMessageId("ID: 5f3e-22")).toBe("5f3e-22");
    expect(gatewayMessageId("OK")).toBeUndefined();
    expect(gatewayMessageId("SUCCESS")).toBeUndefined();
    expect(gatewayMessageId('{"status": "ok"}')).toBeUndefined();
    expect(gatewayMessageId("Message sent to 1 recipient")).toBeUndefined();
  });
});

describe("SMS provider variables", () => {
  /** The environment as getEnv() parses it with `vars` set (a fresh module, so nothing is cached). */
  async function parseWith(vars: Record<string, string>) {
    const saved = { ...process.env };
    Object.assign(process.env, vars);
    vi.resetModules();
    try {
      const { getEnv } = await import("~/platform/config/env.server");
      return getEnv();
    } finally {
      for (const key of Object.keys(vars)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  }

  it("defaults to the outbox and reads a list of providers with their variables", async () => {
    expect((await parseWith({})).SMS_PROVIDER).toEqual(["outbox"]);
    const env = await parseWith({
      SMS_PROVIDER: "smpp, http",
      SMPP_URL: "smpp://aqar:secret@smsc.example.sy:2775",
      SMS_HTTP_URL: "https://gw.example.sy/send?to={to}&text={text}",
      SMS_HTTP_METHOD: "post",
      SMPP_TPS: "20",
    });
    expect(env).toMatchObject({ SMS_PROVIDER: ["smpp", "http"], SMS_HTTP_METHOD: "POST", SMPP_TPS: 20, SMPP_WINDOW: 10 });
  });

  it("refuses a provider without its variables, and unknown providers, with clear messages", async () => {
    await expect(parseWith({ SMS_PROVIDER: "smpp" })).rejects.toThrow("SMPP_URL is required when SMS_PROVIDER lists smpp");
    await expect(parseWith({ SMS_PROVIDER: "http" })).rejects.toThrow("SMS_HTTP_URL is required when SMS_PROVIDER lists http");
    await expect(parseWith({ SMS_PROVIDER: "smpp,carrier-pigeon", SMPP_URL: "smpp://a:b@h:1" })).rejects.toThrow(
      "SMS_PROVIDER lists outbox, smpp or http",
    );
    await expect(parseWith({ SMS_PROVIDER: "smpp", SMPP_URL: "http://a:b@h" })).rejects.toThrow(
      "SMPP_URL must be smpp://system_id:password@host:port",
    );
  });
});
