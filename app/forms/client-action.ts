/**
 * A route's `clientAction` for lead forms: runs the server action and, when the network or the server
 * fails before it can answer, returns a failure answer instead of throwing (which would replace the page
 * with the error boundary and lose what the visitor typed). Routes re-export it:
 *
 *   export { leadClientAction as clientAction } from "~/forms/client-action";
 */
import type { ClientActionFunctionArgs } from "@remix-run/react";

import { GENERIC_FAILURE_TOAST, type LeadActionData } from "./shared";

export async function leadClientAction({ serverAction }: ClientActionFunctionArgs): Promise<unknown> {
  try {
    return await serverAction();
  } catch {
    const failure: LeadActionData = { ok: false, form: null, toast: GENERIC_FAILURE_TOAST, unreachable: true };
    return failure;
  }
}
