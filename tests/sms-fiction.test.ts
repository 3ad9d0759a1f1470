import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, gt, inArray, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as s from "~/platform/db/schema";
import { isFictionPhone } from "~/platform/config/fiction-phones";
import { useTestDatabase } from "./helpers/db";
import { startSmppServer, type SmppTestServer } from "./helpers/smpp-server";

/**
 * Numbers reserved for fiction, which every number of the demo data is (docs/decisions/079), never reach an SMS
 * provider, whatever SMS_PROVIDER names: the outbox, an SMPP server and an HTTP gateway (real local servers), each
 * beside a real number that the same run does send; and the expiry warnings of the demo listings never reach one.
 */

const test = useTestDatabase();
const db = () => test.get().db;

let smpp: SmppTestServer;
const gatewayHits: string[] = [];
const gateway = http.createServer((req, res) => {
  gatewayHits.push(req.url ?? "");
  res.writeHead(200, { "content-type": "text/plain" });
  res.end("OK");
});

beforeAll(async () => {
  smpp = await startSmppServer({ systemId: "aqar", password: "secret" });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await smpp?.close();
  await new Promise((resolve) => gateway.close(resolve));
  vi.unstubAllEnvs();
});

/** Each provider kind's variables, and what it took: the numbers its server read, or the outbox's rows. */
const providers: Record<"outbox" | "smpp" | "http", { env: () => Record<string, string>; taken: () => Promise<string[]> }> = {
  outbox: {
    env: () => ({}),
    taken: async () =>
      (await db().select({ phone: s.sms_outbox.phone }).from(s.sms_outbox)).map((r) => r.phone.replace(/^\+/, "")),
  },
  smpp: {
    env: () => ({ SMPP_URL: smpp.url() }),
    taken: async () => smpp.taken.map((t) => t.destination),
  },
  http: {
    env: () => ({ SMS_HTTP_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send?to={to}&text={text}` }),
    taken: async () => gatewayHits.map((url) => new URL(url, "http://gateway").searchParams.get("to")!.replace(/^[+ ]/, "")),
  },
};

type App = {
  sms: typeof import("~/platform/sms/sms.server");
  jobs: typeof import("~/features/jobs/job-tasks.server");
  freshness: typeof import("~/features/posts/freshness.server");
};

/** The app's modules with SMS_PROVIDER=`kind` and its variables (fresh modules, so getEnv() reads them). */
async function appWith(kind: keyof typeof providers): Promise<App> {
  const provider = providers[kind];
  vi.stubEnv("SMS_PROVIDER", kind);
  for (const [name, value] of Object.entries(provider.env())) vi.stubEnv(name, value);
  vi.resetModules();
  return {
    sms: await import("~/platform/sms/sms.server"),
    jobs: await import("~/features/jobs/job-tasks.server"),
    freshness: await import("~/features/posts/freshness.server"),
  };
}

describe.each(Object.keys(providers) as (keyof typeof providers)[])("SMS_PROVIDER=%s", (kind) => {
  let app: App;
  beforeAll(async () => {
    app = await appWith(kind);
  });
  afterAll(async () => {
    await app?.sms.closeSmsSender();
  });

  it("refuses a number reserved for fiction, a code too, and sends a real number of the same run", async () => {
    const fiction = kind === "outbox" ? "+12025550161" : kind === "smpp" ? "+13125550162" : "+14155550163";
    const real = kind === "outbox" ? "+963944660001" : kind === "smpp" ? "+963944660002" : "+963944660003";
    const bulk = await app.sms.queueSms(db(), { phone: fiction, body: "Your ad 1234 ends soon" }, { purpose: "expiry" });
    const code = await app.sms.queueSms(db(), { phone: fiction, body: "code 123456" }, { kind: "code", purpose: "signup" });
    const sent = await app.sms.queueSms(db(), { phone: real, body: "Your ad 1235 ends soon" }, { purpose: "expiry" });
    await app.jobs.runDueJobs(db());

    const taken = await providers[kind].taken();
    expect(taken).toContain(real.slice(1));
    expect(taken).not.toContain(fiction.slice(1));
    const rows = await db()
      .select()
      .from(s.sms_messages)
      .where(inArray(s.sms_messages.id, [bulk, code, sent]))
      .orderBy(s.sms_messages.id);
    expect(rows.map((r) => [r.state, r.error, r.provider])).toEqual([
      ["failed", "fiction_number", null],
      ["failed", "fiction_number", null],
      ["sent", null, kind],
    ]);
    // The bulk text stays for the back office; a code's is erased, as when one is sent.
    expect(rows.map((r) => r.body)).toEqual(["Your ad 1234 ends soon", null, "Your ad 1235 ends soon"]);
    // Its job is done: no try is made again.
    const jobs = await db()
      .select({ status: s.jobs.status })
      .from(s.jobs)
      .where(
        inArray(
          s.jobs.id,
          rows.map((r) => r.job_id!),
        ),
      );
    expect(jobs.map((j) => j.status)).toEqual(["done", "done", "done"]);
  });

  it("sends none of the demo listings' expiry warnings to a provider", async () => {
    const before = (await providers[kind].taken()).length;
    const [{ last }] = await db()
      .select({ last: max(s.sms_messages.id) })
      .from(s.sms_messages);
    // Every demo listing within its last week (confirmed 54 days ago), warned again in this provider's run.
    const now = new Date();
    await db()
      .update(s.estates)
      .set({ confirmed_at: new Date(now.getTime() - 54 * 86_400_000), expiry_warned_at: null });
    const warned = await app.freshness.warnExpiringListings(db(), now, "https://aqar.example");
    expect(warned).toBeGreaterThan(100);
    await app.jobs.runDueJobs(db());

    expect((await providers[kind].taken()).length).toBe(before);
    const warnings = await db()
      .select({ phone: s.sms_messages.phone, state: s.sms_messages.state, error: s.sms_messages.error })
      .from(s.sms_messages)
      .where(and(eq(s.sms_messages.purpose, "expiry"), gt(s.sms_messages.id, last ?? 0)));
    expect(warnings).toHaveLength(warned);
    for (const w of warnings) {
      expect(isFictionPhone(w.phone), w.phone).toBe(true);
      expect(w).toMatchObject({ state: "failed", error: "fiction_number" });
    }
  });
});
