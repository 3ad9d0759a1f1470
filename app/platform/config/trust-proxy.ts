import ipaddr from "ipaddr.js";

/** The names of address ranges Express's `trust proxy` knows (proxy-addr). */
const TRUST_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY as Express's `trust proxy` setting takes it (decision 077): `false` for `none`, a number of hops for
 * digits, or the list of names, addresses and CIDR ranges; null when an item is none of those (`true`, trusting every
 * sender's header, is refused: any client could then name any address).
 */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const text = value.trim().toLowerCase();
  if (text === "none" || text === "0") return false;
  if (/^\d+$/.test(text)) return Number(text);
  const items = text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) return null;
  for (const item of items) {
    if (TRUST_PROXY_NAMES.has(item)) continue;
    if (item.includes("/") ? !isCidr(item) : !isAddress(item)) return null;
  }
  return items;
}

/** An IPv4 address in four decimal parts, or an IPv6 address (ipaddr.js alone would take `2` as 0.0.0.2). */
function isAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || (text.includes(":") && ipaddr.IPv6.isValid(text));
}

function isCidr(text: string): boolean {
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
}
