import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

import { preloadForHydration } from "~/components/islands/island";

// The chunks the page's live blocks (or, in preview, its content) need come first: React then hydrates
// everything in one go, never a boundary left waiting on a download.
void preloadForHydration().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
