import ipaddr from "ipaddr.js";

/**
 * Who a client is for every limit of the site (decision 077): codes, forms, passwords, captcha drawings, the render
 * pool's fair queue and the operator's page quota all count by this key, which server.ts puts in the load context as
 * `clientIp`.
 *
 * - An IPv4 address is itself (`203.0.113.9`); an IPv4-mapped IPv6 address (`::ffff:203.0.113.9`, what a dual-stack
 *   socket reports) is its IPv4 address.
 * - An IPv6 address counts by its /64 (`2001:db8:1:2::/64`): a carrier gives each subscriber a /64, inside which the
 *   phone picks new addresses at will (privacy extensions), so one subscriber is one /64.
 * - Anything else (no address: a closed socket) is the empty string, which the limits skip.
 *
 * `address` is Express's `req.ip`: the client as the trusted proxies report it (TRUST_PROXY).
 */
export function clientKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return "";
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const prefix = v6.parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}
