/**
 * The actions of the pages whose forms post to themselves. Here, on the server only, so that a route's
 * browser code never imports a form's schema (and its validation library) just to name it in an action
 * the browser never runs. The calculator's is in app/site/calculator.server.ts, the campaign pages' in
 * app/blocks/campaign-page.server.ts.
 */
import type { ActionFunctionArgs } from "@remix-run/node";

import { contactForm } from "~/forms/contact";
import { cplForm, monthlyPlanForm } from "~/forms/plan-dialogs";
import { serviceStartForm } from "~/forms/service-start";

import { handleLeadAction } from "./action.server";

/** `/` and `/contacto`: the contact form. */
export const contactAction = (args: ActionFunctionArgs) => handleLeadAction(args, contactForm);

/** `/iniciar-servicio`: the service-start form. */
export const serviceStartAction = (args: ActionFunctionArgs) => handleLeadAction(args, serviceStartForm);

/** `/mensual`: its two dialog forms, told apart by the hidden `intent` field. */
export const plansAction = (args: ActionFunctionArgs) => handleLeadAction(args, [monthlyPlanForm, cplForm]);
