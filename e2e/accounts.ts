import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, hasJs, localeTexts, settle, type Lang } from "./support";

/**
 * Helpers of the account journeys: the account texts of both languages, a fresh phone number and client
 * address for each journey, and the SMS outbox as a person trying the product reads it, from the server's standard
 * output ("[sms] +963944123456 <text>", written to $E2E_DATA_DIR/server.log by playwright.config.ts). Every SMS is a
 * queued job that the server's worker sends a moment after the page answered: readSms waits for it.
 */

type Account = typeof import("../locales/en/account.json");

/** account.json of each language. */
export const A = localeTexts<Account>("account");

/** The captcha text of every captcha while the e2e server runs (CAPTCHA_TEST_TEXT in playwright.config.ts). */
export const CAPTCHA = "Kp7Wd";

let counter = 0;
/** Playwright numbers its worker processes uniquely within a run. */
const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 100;

/** A Syrian mobile number no other journey of the run uses: as typed (national, with a trunk 0) and in E.164. */
export function newPhone(): { typed: string; e164: string } {
  counter += 1;
  const digits = `${worker}`.padStart(2, "0") + `${counter}`.padStart(4, "0");
  return { typed: `0944 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+963944${digits}` };
}

/**
 * Gives the page's requests their own client address (the server trusts X-Forwarded-For from loopback, like a
 * proxy), so the per-IP limits of one journey do not count another's.
 */
export async function ownAddress(page: Page): Promise<void> {
  counter += 1;
  await page
    .context()
    .setExtraHTTPHeaders({ "X-Forwarded-For": `10.${worker}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}` });
}

const LOG = () => path.join(process.env.E2E_DATA_DIR!, "server.log");

/** How many SMS lines the outbox has written for a number so far. */
export function smsCount(e164: string): number {
  return smsLines(e164).length;
}

function smsLines(e164: string): string[] {
  const text = fs.existsSync(LOG()) ? fs.readFileSync(LOG(), "utf8") : "";
  return text.split("\n").filter((line) => line.startsWith(`[sms] ${e164} `));
}

/** Waits for the SMS number `index` (0-based) sent to a number and returns its text. */
export async function readSms(e164: string, index: number): Promise<string> {
  await expect.poll(() => smsCount(e164), { message: `SMS ${index + 1} to ${e164}` }).toBeGreaterThan(index);
  return smsLines(e164)[index].slice(`[sms] ${e164} `.length);
}

/** The 6-digit code of an SMS text. */
export function codeOf(sms: string): string {
  const match = /(?<!\d)(\d{6})(?!\d)/.exec(sms);
  expect(match, `a 6-digit code in "${sms}"`).not.toBeNull();
  return match![1];
}

/** The /rp?t=… link of an SMS text, as a path. */
export function resetPathOf(sms: string): string {
  const match = /https?:\/\/[^\s]+(\/rp\?t=[A-Za-z0-9_-]+)/.exec(sms);
  expect(match, `a reset link in "${sms}"`).not.toBeNull();
  return match![1];
}

/** Chooses the country and types the number (the phone selector). */
export async function fillPhone(page: Page, lang: Lang, typed: string, country = "SY"): Promise<void> {
  await page.getByLabel(A[lang].fields.country, { exact: true }).selectOption(country);
  await page.getByLabel(A[lang].fields.phone, { exact: true }).fill(typed);
}

/** Registers a new account on /login?tab=2 and confirms it with the code from the outbox; ends logged in on /. */
export async function registerAndConfirm(page: Page, lang: Lang, projectName: string, password: string) {
  const phone = newPhone();
  await page.goto("/login?tab=2");
  await settle(page, projectName);
  await page.getByLabel(A[lang].fields.firstName).fill("Rana");
  await page.getByLabel(A[lang].fields.lastName).fill("Khoury");
  await fillPhone(page, lang, phone.typed);
  await page.getByLabel(A[lang].fields.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: A[lang].login.registerSubmit }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  const code = codeOf(await readSms(phone.e164, 0));
  await settle(page, projectName);
  await page.getByLabel(A[lang].fields.code).fill(code);
  await page.getByRole("button", { name: A[lang].confirm.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: A[lang].toasts.activated })).toBeVisible();
  return phone;
}

/** Logs in on `path` (/login) with the test captcha, the number typed for `country` (Syria). */
export async function logIn(
  page: Page,
  lang: Lang,
  projectName: string,
  typed: string,
  password: string,
  path = "/login",
  country = "SY",
) {
  await page.goto(path);
  await settle(page, projectName);
  await fillPhone(page, lang, typed, country);
  await page.getByLabel(A[lang].fields.password, { exact: true }).fill(password);
  await page.getByLabel(A[lang].fields.captcha, { exact: true }).fill(CAPTCHA);
  await page.getByRole("button", { name: A[lang].login.submit, exact: true }).click();
}

/** The navbar's account menu (a <details> disclosure) of a logged-in user. */
export function accountMenu(page: Page) {
  return page.locator("header details.account-menu");
}

export { hasJs };
