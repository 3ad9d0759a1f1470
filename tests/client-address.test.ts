import http from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "~/platform/config/trust-proxy";
import { clientKey } from "../server/client-address";
import { keptReadiness, type Readiness } from "../server/readiness";

/**
 * Who a client is for every limit (decision 077): an IPv6 client by its /64, an IPv4-mapped address as its IPv4, and
 * the address Express reports behind the proxies TRUST_PROXY names; /readyz's kept answer.
 */

describe("clientKey (decision 077)", () => {
  it("counts an IPv6 client by its /64 and an IPv4 client by its address", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    // Two addresses a phone picks inside its carrier's /64 are one client; the next /64 is another.
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey(undefined)).toBe("");
    expect(clientKey("not an address")).toBe("");
  });
});

/** req.ip of an Express app with `trust proxy` set from TRUST_PROXY, for a request from 127.0.0.1 with these headers. */
async function ipBehind(trustProxy: string, forwardedFor: string): Promise<string> {
  const setting = parseTrustProxy(trustProxy);
  if (setting === null) throw new Error(`TRUST_PROXY=${trustProxy} refused`);
  const app = express();
  app.set("trust proxy", setting);
  app.get("/", (req, res) => {
    res.send(req.ip);
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-For": forwardedFor } });
    return await res.text();
  } finally {
    server.close();
  }
}

describe("TRUST_PROXY (decision 077)", () => {
  it("believes a proxy on this machine by default, and no header with none", async () => {
    expect(await ipBehind("loopback", "198.51.100.7")).toBe("198.51.100.7");
    expect(await ipBehind("none", "198.51.100.7")).toBe("127.0.0.1");
  });

  it("takes the client a number of hops back: a CDN in front of nginx is 2", async () => {
    // The CDN's edge (192.0.2.10) wrote the client; nginx on this machine appended the edge's address.
    expect(await ipBehind("2", "198.51.100.7, 192.0.2.10")).toBe("198.51.100.7");
    expect(await ipBehind("1", "198.51.100.7, 192.0.2.10")).toBe("192.0.2.10");
  });

  it("believes the listed ranges only: a client cannot name itself through an untrusted hop", async () => {
    expect(await ipBehind("loopback, 192.0.2.0/24", "198.51.100.7, 192.0.2.10")).toBe("198.51.100.7");
    expect(await ipBehind("loopback, 192.0.2.0/24", "198.51.100.7, 203.0.113.5")).toBe("203.0.113.5");
  });

  it("refuses a value that is no setting, and never trusts every sender", () => {
    expect(parseTrustProxy("true")).toBeNull();
    // A hop count inside a list is no address (ipaddr.js alone reads "2" as 0.0.0.2).
    expect(parseTrustProxy("loopback, 2")).toBeNull();
    expect(parseTrustProxy("10.0.0.0/99")).toBeNull();
    expect(parseTrustProxy("")).toBeNull();
    expect(parseTrustProxy("uniquelocal, 2001:db8::/32")).toEqual(["uniquelocal", "2001:db8::/32"]);
  });
});

describe("/readyz's kept answer (decision 077)", () => {
  const ready: Readiness = { ready: true, database: "ok", listener: "ok", images: "ok", stopping: false };

  it("checks at most once a second, and says not ready at once when stopping", async () => {
    let now = 0;
    let checks = 0;
    let stopping = false;
    const readiness = keptReadiness(
      async () => {
        checks++;
        return ready;
      },
      { maxAgeMs: 1_000, stopping: () => stopping, now: () => now },
    );
    await Promise.all(Array.from({ length: 50 }, () => readiness()));
    now += 999;
    expect(await readiness()).toEqual(ready);
    expect(checks).toBe(1);
    now += 1;
    await readiness();
    expect(checks).toBe(2);
    stopping = true;
    expect(await readiness()).toMatchObject({ ready: false, stopping: true });
    expect(checks).toBe(2);
  });
});
