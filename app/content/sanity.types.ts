// Placeholder until Sanity TypeGen writes this file (sanity-studio: npm run typegen).
/* eslint-disable @typescript-eslint/no-explicit-any */
export type SiteSettingsQueryResult = any;
export type LandingPageQueryResult = any;
export type PlansPageQueryResult = any;
export type CalculatorPageQueryResult = any;
export type CalculatorSectorsQueryResult = any;
export type SectorsDirectoryQueryResult = any;
export type SectorPageQueryResult = any;
export type SectorSlugsQueryResult = any;
export type GoogleAdsPageQueryResult = any;
export type ContactPageQueryResult = any;
export type LegalPageQueryResult = any;
export type NextStepsPageQueryResult = any;
export type DraftContractPageQueryResult = any;
export type ServiceStartPageQueryResult = any;
