// Builds the site once before the tests when build/ is missing or older than the sources, so the
// integration tests of the production server always run against the current code.
import { ensureBuild } from "../scripts/lib/build.mjs";

export default function setup() {
  ensureBuild({ stdio: "inherit" });
}
