/**
 * The baseline of `npm run bench` (issue 10): a bare Remix 2 app on the classic compiler, with the product's future
 * flags and server module format, built with `remix build bench/baseline` from the repository root. It has no
 * package.json and no node_modules of its own: esbuild and Node find the product's packages in ../../node_modules.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
