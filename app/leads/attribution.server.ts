/**
 * The one place a submission's marketing attribution (`origen`) is read from the request. Every payload
 * builder already takes it; the consent/attribution work fills this in. Until then no payload has one.
 */
import type { Origen } from "~/forms/shared";

export function readOrigen(_request: Request, _formData: FormData): Origen | undefined {
  return undefined;
}
