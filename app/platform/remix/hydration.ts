import { RemixBrowser } from "@remix-run/react";

/**
 * Waits until Remix 2.17.5 has decoded the page's single-fetch state (`window.__remixContext.stream`), so that
 * hydration never suspends at the root (decision 064, "hydration waits for the page's data").
 *
 * Why: with single fetch, `<RemixBrowser>`'s first render starts decoding the state and suspends (it throws the
 * decoding promise) with no Suspense boundary above it. React allows that while hydrating in the background, but a
 * tap that lands before the promise settles forces a synchronous hydration of the root, which cannot suspend: React
 * throws error #345 ("Root did not complete") and the tap is lost. Slow phones, our users, are the ones that tap
 * during that window. Calling the component once before `hydrateRoot` starts the decoding outside React; its first
 * call only reaches that `throw` (no hook runs before it), and once the promise settles the render goes straight
 * through. tests/remix-shims.test.tsx checks the installed `RemixBrowser` still suspends that way and that the state
 * is decoded after this resolves.
 *
 * Never rejects: anything else the call throws (a newer Remix that does not suspend there) is left for the render
 * itself to meet, as without this shim.
 */
export async function decodeRemixState(): Promise<void> {
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown && typeof (thrown as PromiseLike<unknown>).then === "function") await (thrown as Promise<unknown>);
  }
}
