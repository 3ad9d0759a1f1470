/**
 * The baseline of `npm run bench`: a bare Remix 2 app on the classic compiler, with the product's future
 * flags and server module format, built with `../../node_modules/.bin/remix build` run in this folder (given the
 * folder as an argument from the root, the CSS plugin fails now and then). Its package.json only names the packages
 * (the compiler reads it); there is no node_modules here: esbuild and Node find the root's in ../../node_modules.
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
