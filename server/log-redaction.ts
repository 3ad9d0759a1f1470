/**
 * The secrets that addresses of this site carry, found in one place
 * (docs/decisions/082-secrets-in-addresses-prices-backups.md): the request logs write an address without them
 * (withoutSecrets), and the page cache keeps no page whose address holds one (holdsSecret, server/page-cache.ts).
 * The route table (remix.config.js) has these links that act or open without a login, each sent by SMS:
 *
 * - in the path: `/od/<token>` (a listing draft's link, decision 055) and `/a/<token>` (an alert's results, decision
 *   046; also the old `/a/<id>-<since>`), and their data requests (`/od/<token>.data`);
 * - in the query parameter `t`: `/rp?t=` (password reset), `/lc?t=` (a listing's renew or withdraw link, decision
 *   029) and `/alerts/stop?t=` (decision 046);
 * - inside another parameter whose value is an address holding one of those: the login page's
 *   `redirectTo=%2Fod%2F<token>`, the route discovery's `/__manifest?p=/od/<token>`.
 *
 * Remix matches the percent-decoded path without regard to case (`/%6FD/<token>` opens a draft's link too), and
 * browsers read "\" as "/", so the path is matched decoded, case-insensitive, with either slash, repeated or not.
 * A secret is written "…".
 */

/** The first path segments whose next segment is a secret token (the routes `od/:token` and `a/:ref`). */
export const SECRET_PATH_SEGMENTS: readonly string[] = ["od", "a"];
/** The query parameters that hold a secret token (/rp, /lc and /alerts/stop read `t`). */
export const SECRET_QUERY_PARAMS: readonly string[] = ["t"];

const REDACTED = "…";
/** A tokened path, decoded: its prefix (`/od/`) and the token's segment after it. */
const SECRET_PATH = new RegExp(`^([/\\\\]+(?:${SECRET_PATH_SEGMENTS.join("|")})[/\\\\]+)[^/\\\\?#]+`, "i");
/** The scheme and host of an absolute URL (the page cache's Fetch URLs, a redirectTo written as a whole URL). */
const ORIGIN = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;
/** How many times a value is percent-decoded and how deep addresses inside addresses are read. */
const MAX_DEPTH = 3;

/**
 * A request address (`/od/abc?x=1`, or a whole URL) with every secret it carries replaced by "…", the rest as sent:
 * `/od/…`, `/rp?t=…`, `/login?redirectTo=…&tab=2`. undefined stays undefined (pino's request without a URL). Never
 * throws (an address that cannot be decoded is read as it is).
 */
export function withoutSecrets(url: string | undefined): string | undefined {
  return url === undefined ? undefined : redact(url, 0);
}

/** True when `url` (an address or a whole URL) carries a secret that withoutSecrets would hide. Never throws. */
export function holdsSecret(url: string): boolean {
  return redact(url, 0) !== url;
}

/** redact's work at `depth` (an address found inside a parameter is one deeper). */
function redact(url: string, depth: number): string {
  const origin = ORIGIN.exec(url)?.[0] ?? "";
  const rest = url.slice(origin.length);
  const hash = rest.indexOf("#");
  const target = hash < 0 ? rest : rest.slice(0, hash);
  const fragment = hash < 0 ? "" : rest.slice(hash);
  const mark = target.indexOf("?");
  const path = mark < 0 ? target : target.slice(0, mark);
  const query = mark < 0 ? null : target.slice(mark + 1);
  return `${origin}${redactPath(path)}${query === null ? "" : `?${redactQuery(query, depth)}`}${fragment}`;
}

/** The path as sent, or, when its decoded form is a tokened path, that form with the token's segment as "…". */
function redactPath(path: string): string {
  for (const form of decodings(path, false)) {
    const match = SECRET_PATH.exec(form);
    if (match) return `${match[1]}${REDACTED}${form.slice(match[0].length)}`;
  }
  return path;
}

/**
 * The query (without its "?") with the value of each secret parameter, and of each parameter naming an address with
 * one, as "…".
 */
function redactQuery(query: string, depth: number): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      const secret =
        decodings(name, true).some((n) => SECRET_QUERY_PARAMS.includes(n.toLowerCase())) ||
        (depth < MAX_DEPTH && decodings(value, true).some((v) => redact(v, depth + 1) !== v));
      return secret ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
}

/**
 * `text` and its percent-decoded forms, once, twice and three times, while they change; `query` reads "+" as a space
 * (as URLSearchParams does), a path keeps it.
 */
function decodings(text: string, query: boolean): string[] {
  const forms = [text];
  let current = text;
  for (let i = 0; i < MAX_DEPTH && /[%+]/.test(current); i++) {
    let next: string;
    try {
      next = decodeURIComponent(query ? current.replace(/\+/g, " ") : current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}
