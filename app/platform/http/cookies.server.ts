/**
 * The cookie library (parse and serialize of Cookie and Set-Cookie headers) for route modules whose loader or action
 * reads cookies. A route module imports it from here, not from "cookie": Remix leaves `.server` modules out of the
 * browser bundle, while a plain import of the library stays in every page's JavaScript even when only a loader uses
 * it (1.1 KB brotli through root.tsx).
 */
export { parse, serialize } from "cookie";
