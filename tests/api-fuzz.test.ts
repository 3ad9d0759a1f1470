import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ApiEndpoint } from "~/platform/api/api.server";
import { API_ENDPOINTS } from "~/routes/api";
import { newIp } from "./helpers/account-flows";
import { api, API_PASSWORD, withToken } from "./helpers/api";
import { useTestDatabase } from "./helpers/db";
import { NASTY } from "./helpers/nasty";

/**
 * A fuzz of every call of the apps' API (docs/api.md: "no body, however malformed, gets a 5xx"): each row of the
 * table is sent with its own method, at its path (random ids in its parameters), with a random query and a random
 * body (its schema's real field names and random ones, plausible and nasty values, repeated fields, JSON of any
 * shape, raw text under any content type), without a token, with a stale one and with a user's. Every answer must be
 * a JSON envelope below 500. tests/fuzz.test.ts posts to the API through the real server (its limits and origin
 * checks); this file reaches every call, GET and DELETE ones too, in the process. `FUZZ_SEED=<seed>` replays a run;
 * `API_FUZZ_RUNS=<n>` (default 40) bounds the requests per call.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const RUNS = Number(process.env.API_FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;

/** The fuzz's nasty values, and words and ids that reach deeper into the search. */
const NASTY_VALUES = [...NASTY, "g1", "g99999999999", "#102335", "شقة للإيجار شهري في المزة ٣ غرف", "x".repeat(3000)];

/** Plausible values, so that requests reach past the first check. */
const PLAUSIBLE = ["1", "2", "3", "6", "0944123456", "+963944123456", "SY", "USD", "price_asc", "1", "0"];

/** The field names of a call: those of its body's and query's schemas. */
function fieldsOf(endpoint: ApiEndpoint<unknown>): string[] {
  const shapeKeys = (schema: unknown) =>
    schema && typeof schema === "object" && "shape" in schema ? Object.keys((schema as { shape: object }).shape) : [];
  return [...new Set([...shapeKeys(endpoint.body?.schema), ...shapeKeys(endpoint.query), "page", "estate_id"])];
}

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const json: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.integer(),
  text,
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 3 }),
);

/** One request to a call: the path's parameter, the query, the body, the token and the language. */
function requestOf(endpoint: ApiEndpoint<unknown>) {
  const names = fieldsOf(endpoint);
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const pairs = fc.array(fc.tuple(name, text), { maxLength: 8 });
  const body = fc.oneof(
    { weight: 4, arbitrary: pairs.map((fields) => ({ kind: "form" as const, fields })) },
    {
      weight: 3,
      arbitrary: fc.oneof(fc.dictionary(name, json, { maxKeys: 8 }), json).map((value) => ({ kind: "json" as const, value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.string({ maxLength: 200 }),
          fc.constantFrom(
            "application/json",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "text/plain",
            "",
          ),
        )
        .map(([raw, type]) => ({ kind: "raw" as const, raw, type })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
  );
  return fc.record({
    param: fc.oneof(fc.constantFrom("1", "2", "0", "99999999", "x", "%ff", "99999999999999999999"), text),
    query: pairs,
    body,
    token: fc.constantFrom("none", "user", "stale"),
    lang: fc.constantFrom("ar", "en", "fr;q=0.5, en;q=0", "*"),
  });
}

/** `value` percent-encoded for a path, a lone surrogate (which encodeURIComponent refuses) as its escape. */
function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

describe("every call of the API, fuzzed", () => {
  it("answers every request with a JSON envelope below 500", { timeout: 600_000 }, async () => {
    const made = await withToken(db());
    let token = made.token;
    const failures: string[] = [];
    for (const endpoint of API_ENDPOINTS as readonly ApiEndpoint<unknown>[]) {
      await fc
        .assert(
          fc.asyncProperty(requestOf(endpoint), async (request) => {
            const path = endpoint.path.replace(/\{\w+\}/g, () => safeEncode(request.param));
            const query = new URLSearchParams(request.query).toString();
            const body = request.body;
            const answer = await api(endpoint.method, `/api${path}${query ? `?${query}` : ""}`, {
              json: body.kind === "json" && endpoint.method !== "GET" ? body.value : undefined,
              raw:
                endpoint.method === "GET"
                  ? undefined
                  : body.kind === "raw"
                    ? { body: body.raw, type: body.type || undefined }
                    : body.kind === "form"
                      ? // Urlencoded as it is, repeated fields kept.
                        { body: new URLSearchParams(body.fields).toString(), type: "application/x-www-form-urlencoded" }
                      : undefined,
              token: request.token === "user" ? token : request.token === "stale" ? "s".repeat(43) : undefined,
              lang: request.lang,
              context: { clientIp: newIp() },
            });
            const what = `${endpoint.method} ${path}?${query} ${JSON.stringify(body).slice(0, 300)} → ${answer.status}`;
            expect(answer.status, what).toBeLessThan(500);
            if (answer.status !== 304) expect(typeof answer.body?.status, what).toBe("boolean");
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch((error: Error) =>
          failures.push(`${endpoint.method} ${endpoint.path} (FUZZ_SEED=${SEED}): ${error.message.slice(0, 1500)}`),
        );
      // A logout or a password change may have ended the token: the next call gets a fresh one.
      if (endpoint.path === "/logout" || endpoint.path.includes("password")) {
        const again = await api("POST", "/api/login", {
          form: { authentication: made.typed, password: API_PASSWORD },
          context: { clientIp: newIp() },
        });
        if (again.status === 200) token = again.body.data.token;
      }
    }
    expect(failures).toEqual([]);
  });
});
