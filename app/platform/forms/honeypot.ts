/**
 * The honeypot field of every public form: hidden from people, filled by bots. A module of its own: the
 * browser needs the name, never the schemas (decision 034).
 */
export const HONEYPOT_FIELD = "website_url";
