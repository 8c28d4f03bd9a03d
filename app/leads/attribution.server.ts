/**
 * The one place a submission's marketing attribution (`origen`) is read from the request: the
 * browser's hidden `origen` field, completed from the request (Referer / action URL query) and the
 * consent state from the visitor's `cookie_consent` cookie (read once, app/visitor/context.server.ts).
 * The rules live in ~/tracking/attribution*.
 */
import type { Origen } from "~/forms/shared";
import { originFromRequest, type VisitorCookies } from "~/tracking/attribution.server";

export function readOrigen(request: Request, formData: FormData, visitor: VisitorCookies): Origen | undefined {
  return originFromRequest(formData, request, visitor);
}
