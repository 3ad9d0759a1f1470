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
    /** The data of the page's SVG map, drawn by app/entry.server.tsx and never sent as loader data (decision 101). */
    placeMap?: import("./app/features/places/PlaceMap").MapData;
  }
}
export {};
