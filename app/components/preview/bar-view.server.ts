// The preview bar for the server's render. renderToString cannot wait for the lazy PreviewBar that the
// browser loads (it would send the Suspense fallback), so the server renders the same markup directly;
// as a .server module it never reaches the browser bundle, so public pages carry none of it.
export { PreviewBarView } from "./PreviewBar";
