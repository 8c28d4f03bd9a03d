/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Not adopted yet, said explicitly (an unset flag prints a warning on every build). Single fetch
    // changes how every loader and action answer is serialized; lazy route discovery changes how the
    // route manifest and modules load. Only a draft preview runs Remix in the browser
    // (docs/decisions/0025-islands-without-remix.md); each needs its own migration with the preview's tests.
    v3_singleFetch: false,
    v3_lazyRouteDiscovery: false,
  },
};
