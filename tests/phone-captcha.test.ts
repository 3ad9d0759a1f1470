import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";

// This file tests the real, random captcha: no fixed text (set before the app's modules read the environment).
vi.hoisted(() => {
  delete process.env.CAPTCHA_TEST_TEXT;
});

import {
  CAPTCHA_ALPHABET,
  CAPTCHA_LENGTH,
  CAPTCHA_SIZE,
  captchaSvg,
  captchaText,
  captchaAnswerHash,
  checkCaptcha,
  createCaptcha,
} from "~/features/accounts/captcha.server";
import { formatPhone, toE164 } from "~/features/accounts/phone.server";
import { keyedHash } from "~/platform/http/session.server";
import { getEnv } from "~/platform/config/env.server";

/** Phone numbers to E.164 and the captcha, as units. */

describe("toE164", () => {
  it("turns a Syrian mobile number typed with or without the trunk 0, spaces or dashes into +963…", () => {
    for (const typed of [
      "0944 123 456",
      "0944123456",
      "944123456",
      "944 123 456",
      "0944-123-456",
      "(0944) 123.456",
      "+963 944 123 456",
      "00963944123456",
    ]) {
      expect(toE164("SY", typed), typed).toBe("+963944123456");
    }
  });

  it("reads a German number with country DE", () => {
    expect(toE164("DE", "0151 23456789")).toBe("+4915123456789");
    expect(toE164("DE", "+49 151 23456789")).toBe("+4915123456789");
  });

  it("refuses invalid numbers, another country's dial code, and unknown countries", () => {
    for (const [country, typed] of [
      ["SY", "0123456"],
      ["SY", "12"],
      ["SY", ""],
      ["SY", "0944 123 45"],
      ["SY", "0944 123 456 7"],
      ["SY", "abcdefgh"],
      ["SY", "+49 151 23456789"],
      ["DE", "+963 944 123 456"],
      ["XX", "0944 123 456"],
      ["sy", "0944 123 456"],
      ["", "0944 123 456"],
    ]) {
      expect(toE164(country, typed), `${country} ${typed}`).toBeNull();
    }
  });

  it("refuses numbers that cannot receive an SMS: landlines, toll-free and premium numbers", () => {
    for (const [country, typed] of [
      ["SY", "011 234 5678"], // Damascus
      ["SY", "021 234 5678"], // Aleppo
      ["SY", "+963 11 234 5678"],
      ["DE", "030 12345678"], // Berlin
      ["DE", "0800 1234567"], // toll-free
      ["US", "800 555 0123"], // toll-free
    ]) {
      expect(toE164(country, typed), `${country} ${typed}`).toBeNull();
    }
  });

  it("accepts the number types that may be mobiles (where the plan cannot tell mobile from fixed)", () => {
    // North American numbers are FIXED_LINE_OR_MOBILE.
    expect(toE164("US", "202 555 0123")).toBe("+12025550123");
    expect(toE164("SY", "0933 123 456")).toBe("+963933123456");
  });

  it("formats a stored number for people, and leaves an unparsable one as it is", () => {
    expect(formatPhone("+963944123456")).toBe("+963 944 123 456");
    const german = formatPhone("+4915123456789");
    expect(german).toMatch(/^\+49 \d+( \d+)+$/);
    expect(german.replace(/ /g, "")).toBe("+4915123456789");
    expect(formatPhone("not a number")).toBe("not a number");
  });
});

describe("captcha", () => {
  it("is 5 characters of an alphabet without confusable characters", () => {
    expect(getEnv().CAPTCHA_TEST_TEXT).toBeUndefined();
    expect(CAPTCHA_LENGTH).toBe(5);
    for (const confusable of [
      "0",
      "O",
      "o",
      "1",
      "I",
      "l",
      "i",
      "5",
      "S",
      "8",
      "B",
      "2",
      "Z",
      "c",
      "k",
      "p",
      "s",
      "u",
      "v",
      "w",
      "x",
      "z",
    ]) {
      expect(CAPTCHA_ALPHABET, confusable).not.toContain(confusable);
    }
    const seen = new Set<string>();
    const allowed = new RegExp(`^[${CAPTCHA_ALPHABET}]{5}$`);
    for (let i = 0; i < 300; i++) {
      const text = captchaText();
      expect(text).toMatch(allowed);
      seen.add(text);
    }
    // Random: 300 draws from 38^5 possibilities are (almost surely) all different.
    expect(seen.size).toBeGreaterThan(290);
  });

  it("draws the text as 5 <text> elements over 8 noise lines and 50 dots", () => {
    const svg = captchaSvg("AbC23");
    expect(svg.match(/<line /g)).toHaveLength(8);
    expect(svg.match(/<circle /g)).toHaveLength(50);
    const texts = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts).toEqual(["A", "b", "C", "2", "3"]);
    expect(svg).toContain(`width="${CAPTCHA_SIZE.width}" height="${CAPTCHA_SIZE.height}"`);
  });

  it("is a 280x60 PNG as a data: URL, with only a keyed hash of its answer", async () => {
    const a = await createCaptcha();
    const b = await createCaptcha();
    expect(a.image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(a.image.slice("data:image/png;base64,".length), "base64");
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: 280, height: 60 });
    expect(a.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.answerHash).not.toBe(b.answerHash);
    expect(a.image).not.toBe(b.image);
  });

  it("checks an answer in either case: ok, wrong (same length), missing (other length or nothing drawn)", () => {
    const hash = captchaAnswerHash("AbC23");
    expect(checkCaptcha(hash, "AbC23")).toBe("ok");
    expect(checkCaptcha(hash, "abc23")).toBe("ok");
    expect(checkCaptcha(hash, "ABC23")).toBe("ok");
    expect(checkCaptcha(hash, "aBc23")).toBe("ok");
    expect(checkCaptcha(hash, "AbC24")).toBe("wrong");
    expect(checkCaptcha(hash, "AbD23")).toBe("wrong");
    expect(checkCaptcha(hash, "AbC2")).toBe("missing");
    expect(checkCaptcha(hash, "AbC233")).toBe("missing");
    expect(checkCaptcha(hash, "")).toBe("missing");
    expect(checkCaptcha(undefined, "AbC23")).toBe("missing");
    expect(checkCaptcha(null, "AbC23")).toBe("missing");
    expect(checkCaptcha({}, "AbC23")).toBe("missing");
    expect(checkCaptcha("not-a-hash", "AbC23")).toBe("wrong");
    // The hash is keyed: the plain SHA-256 of the answer is not accepted.
    expect(checkCaptcha(keyedHash("captcha:AbC24"), "AbC23")).toBe("wrong");
  });
});

describe("CAPTCHA_TEST_TEXT", () => {
  const run = promisify(execFile);
  const tsx = path.resolve("node_modules/.bin/tsx");
  const script =
    'import("./app/platform/config/env.server.ts").then((m) => { console.log("captcha=" + m.getEnv().CAPTCHA_TEST_TEXT); })';
  /** Parses the environment in a new process, as the server does at boot. */
  async function boot(env: Record<string, string>) {
    const { VITEST: _v, VITEST_POOL_ID: _p, VITEST_WORKER_ID: _w, NODE_ENV: _n, CAPTCHA_TEST_TEXT: _c, ...rest } = process.env;
    try {
      const { stdout, stderr } = await run(tsx, ["-e", script], {
        env: { ...rest, ...env } as NodeJS.ProcessEnv,
        cwd: process.cwd(),
        encoding: "utf8",
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it("is refused outside NODE_ENV=test: the environment does not parse and the process exits non-zero", async () => {
    for (const nodeEnv of ["production", "development"]) {
      const res = await boot({ NODE_ENV: nodeEnv, CAPTCHA_TEST_TEXT: "x" });
      expect(res.code, nodeEnv).not.toBe(0);
      expect(res.stderr, nodeEnv).toContain("CAPTCHA_TEST_TEXT is only allowed when NODE_ENV=test");
      expect(res.stdout, nodeEnv).not.toContain("captcha=");
    }
    // NODE_ENV unset defaults to development: refused too.
    const unset = await boot({ CAPTCHA_TEST_TEXT: "x" });
    expect(unset.code).not.toBe(0);
    expect(unset.stderr).toContain("CAPTCHA_TEST_TEXT is only allowed when NODE_ENV=test");
  });

  it("is accepted with NODE_ENV=test, and production starts without it", async () => {
    const test = await boot({ NODE_ENV: "test", CAPTCHA_TEST_TEXT: "x" });
    expect(test.code).toBe(0);
    expect(test.stdout.trim()).toBe("captcha=x");
    const production = await boot({ NODE_ENV: "production" });
    expect(production.code).toBe(0);
    expect(production.stdout.trim()).toBe("captcha=undefined");
  });
});

describe("the generated session secret ($DATA_DIR/session-secret)", () => {
  const run = promisify(execFile);
  const tsx = path.resolve("node_modules/.bin/tsx");
  const script =
    'import("./app/platform/http/session.server.ts").then((m) => { console.log("secret=" + JSON.stringify(m.sessionSecret())); })';
  /** Starts the session module in a new process with this data directory and no SESSION_SECRET, as the server does. */
  async function boot(dataDir: string) {
    const {
      VITEST: _v,
      VITEST_POOL_ID: _p,
      VITEST_WORKER_ID: _w,
      SESSION_SECRET: _s,
      CAPTCHA_TEST_TEXT: _c,
      DATA_DIR: _d,
      ...rest
    } = process.env;
    const { stdout, stderr } = await run(tsx, ["-e", script], {
      env: { ...rest, NODE_ENV: "production", DATA_DIR: dataDir } as NodeJS.ProcessEnv,
      cwd: process.cwd(),
      encoding: "utf8",
    });
    return { secret: JSON.parse(stdout.trim().slice("secret=".length)) as string, stderr };
  }

  it("replaces a blank or short file with a new random secret of 64 characters, and keeps a long enough one", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "secret-"));
    try {
      const file = path.join(dir, "session-secret");
      for (const kept of ["", "\n", "short-secret-31-characters-long"]) {
        await fs.writeFile(file, kept);
        const { secret, stderr } = await boot(dir);
        expect(secret, JSON.stringify(kept)).toMatch(/^[0-9a-f]{64}$/);
        expect(await fs.readFile(file, "utf8")).toBe(secret);
        expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
        expect(stderr).toContain("shorter than 32 characters");
      }
      const long = "a-secret-of-exactly-32-character";
      await fs.writeFile(file, `${long}\n`);
      expect((await boot(dir)).secret).toBe(long);
      // No file: one is made.
      await fs.rm(file);
      const made = (await boot(dir)).secret;
      expect(made).toMatch(/^[0-9a-f]{64}$/);
      expect((await boot(dir)).secret).toBe(made);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
