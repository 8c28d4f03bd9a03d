/**
 * Mounted once in the frame (root): gives the tags their ids from site settings, applies a choice
 * stored on an earlier visit (consent update, tags it allows) and captures the visit's origin for
 * attribution, once per document load. Later choices are applied by the banner as they are made.
 * Renders nothing.
 */
import { useEffect } from "react";

import { parseConsentCookie } from "~/consent/consent";

import { applyConsent, configureTracking, type TrackingIds } from "./tags";
import { captureVisitOrigin } from "./visit-origin";

export function Tracking({ ids }: { ids: TrackingIds | null | undefined }) {
  const { googleAdsId, googleAdsLeadLabel, googleAdsContactLabel, metaPixelId } = ids ?? {};

  useEffect(() => {
    configureTracking({ googleAdsId, googleAdsLeadLabel, googleAdsContactLabel, metaPixelId });
  }, [googleAdsId, googleAdsLeadLabel, googleAdsContactLabel, metaPixelId]);

  useEffect(() => {
    captureVisitOrigin();
    const stored = parseConsentCookie(document.cookie);
    if (stored) applyConsent(stored, null);
  }, []);

  return null;
}
