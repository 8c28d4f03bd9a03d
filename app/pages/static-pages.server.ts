/**
 * The static pages' content for the server's render. The browser never gets this module (a `.server`
 * file): it keeps the server's HTML of these pages and loads a page's own module only to render it on the
 * client (app/components/islands/static-html.tsx).
 */
import { DraftContractPage } from "./DraftContractPage";
import { GoogleAdsPage } from "./GoogleAdsPage";
import { LegalPage } from "./LegalPage";
import { NextStepsPage } from "./NextStepsPage";
import { SectorPage } from "./SectorPage";

// Undefined in the browser: routes read it as `staticPages?.X`.
export const staticPages = { SectorPage, LegalPage, DraftContractPage, NextStepsPage, GoogleAdsPage };
