import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/platform/db/client.server";
import { guardBuild } from "../server/guards";

/** Database outages are 503 (with what was typed, never a password), other errors stay errors. */

const lost = Object.assign(new Error("Connection terminated unexpectedly"), {});
const wrapped = Object.assign(new Error("Failed query: insert into messages …"), { cause: lost });

describe("isDatabaseUnavailable", () => {
  it("knows a lost connection, a refused one, a shutdown and class 08, also inside drizzle's wrapper", () => {
    expect(isDatabaseUnavailable(lost)).toBe(true);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "08006" }))).toBe(true);
  });

  it("leaves other database errors alone (a bug stays a 500)", () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: "23505" })),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

function buildWith(action: () => Promise<unknown>): ServerBuild {
  return {
    routes: { "routes/form": { id: "routes/form", path: "form", module: { action, default: () => null } } },
  } as unknown as ServerBuild;
}

async function thrownBy(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("nothing was thrown");
}

const post = (body: string, method = "POST") =>
  new Request("http://localhost:3000/form", { method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });

describe("guardBuild", () => {
  it("answers an outage with 503, Retry-After and the typed fields without the password", async () => {
    const build = guardBuild(
      buildWith(async () => {
        throw wrapped;
      }),
    );
    const action = build.routes["routes/form"].module.action!;
    const res = await thrownBy(
      Promise.resolve(
        action({ request: post("name=Rami&password=secret1&subject=%D8%B4%D9%82%D8%A9"), params: {}, context: {} }),
      ),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("5");
    const data = await res.json();
    expect(data.values).toEqual([
      ["name", "Rami"],
      ["subject", "شقة"],
    ]);
    expect(data.title).toBe("الخدمة غير متاحة مؤقتًا");
  });

  it("answers a statement PostgreSQL cancelled (57014) as the busy 503, loader and action alike", async () => {
    const cancelled = Object.assign(new Error("Failed query: select …"), {
      cause: Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
    });
    const build = guardBuild({
      routes: {
        "routes/form": {
          id: "routes/form",
          path: "form",
          module: {
            loader: async () => {
              throw cancelled;
            },
            action: async () => {
              throw cancelled;
            },
            default: () => null,
          },
        },
      },
    } as unknown as ServerBuild);
    const route = build.routes["routes/form"].module;
    const page = await thrownBy(
      Promise.resolve(route.loader!({ request: new Request("http://localhost:3000/form"), params: {}, context: {} })),
    );
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("5");
    expect(await page.json()).toMatchObject({ busy: true, title: "الخدمة غير متاحة مؤقتًا" });
    const posted = await thrownBy(Promise.resolve(route.action!({ request: post("name=Rami"), params: {}, context: {} })));
    expect(posted.status).toBe(503);
    expect(await posted.json()).toMatchObject({ busy: true, values: [["name", "Rami"]] });
  });

  it("lets other errors through as they are", async () => {
    const boom = new Error("boom");
    const build = guardBuild(
      buildWith(async () => {
        throw boom;
      }),
    );
    await expect(
      Promise.resolve(build.routes["routes/form"].module.action!({ request: post("a=1"), params: {}, context: {} })),
    ).rejects.toBe(boom);
  });

  it("refuses what the HTTP layer refused, and methods other than POST, without calling the action", async () => {
    let called = 0;
    const build = guardBuild(buildWith(async () => called++));
    const action = build.routes["routes/form"].module.action!;
    expect(
      (await thrownBy(Promise.resolve(action({ request: post("a=1"), params: {}, context: { refused: 413 } })))).status,
    ).toBe(413);
    expect((await thrownBy(Promise.resolve(action({ request: post("a=1", "PUT"), params: {}, context: {} })))).status).toBe(405);
    expect(called).toBe(0);
  });

  it("drops a huge echoed field from a form's reply", async () => {
    const build = guardBuild(
      buildWith(async () => ({
        type: "DataWithResponseInit",
        data: { lastResult: { initialValue: { name: "Rami", junk: "z".repeat(30_000) } } },
        init: { status: 400 },
      })),
    );
    const result = (await build.routes["routes/form"].module.action!({ request: post("a=1"), params: {}, context: {} })) as {
      data: { lastResult: { initialValue: Record<string, string> } };
    };
    expect(result.data.lastResult.initialValue).toEqual({ name: "Rami" });
  });
});
