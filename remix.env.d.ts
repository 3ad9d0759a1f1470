/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
  /** What server.ts hands every loader and action. */
  interface AppLoadContext {
    cspNonce?: string;
    /** The client's address (Express `req.ip`, trusting only a proxy on loopback); used by the rate limits. */
    clientIp?: string;
  }
}
export {};
