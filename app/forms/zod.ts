import { z } from "zod/v4";

/**
 * zod (v4 API) for every form schema: import `z` from here, not from "zod/v4". Without eval: zod's compiled fast path
 * probes `new Function("")` when a schema is made, which the pages' Content-Security-Policy (no 'unsafe-eval')
 * refuses and Chromium reports as a CSP issue on every page with a form (Lighthouse best practices, issue 10).
 * The interpreted path gives the same results; the forms are small.
 */
z.config({ jitless: true });

export { z };
