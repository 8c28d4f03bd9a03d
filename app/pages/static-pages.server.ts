/**
 * The static pages' content for the server's render. The browser never gets this module (a `.server`
 * file): it keeps the server's HTML of these pages and loads a page's own module only to render it on the
 * client (app/components/islands/static-html.tsx).
 */
import { CalculatorHero } from "./CalculatorHero";
import { CalculatorSteps } from "./CalculatorSteps";
import { DraftContractPage } from "./DraftContractPage";
import { GoogleAdsPage } from "./GoogleAdsPage";
import { LandingClosing } from "./LandingClosing";
import { LandingIntro } from "./LandingIntro";
import { LegalPage } from "./LegalPage";
import { NextStepsPage } from "./NextStepsPage";
import { PlansDetails } from "./PlansDetails";
import { SectorPage } from "./SectorPage";
import { SectorsClosing } from "./SectorsClosing";

// Undefined in the browser: routes read it as `staticPages?.X`.
export const staticPages = {
  SectorPage,
  LegalPage,
  DraftContractPage,
  NextStepsPage,
  GoogleAdsPage,
  LandingIntro,
  LandingClosing,
  PlansDetails,
  SectorsClosing,
  CalculatorHero,
  CalculatorSteps,
};
