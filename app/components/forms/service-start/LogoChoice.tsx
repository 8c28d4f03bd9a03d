/**
 * The logo card of the service-start form: the own-logo choice shows the image file field ('si') or the
 * logo description and the free-logo offer ('descripcion') with CSS alone, so it works without
 * JavaScript too.
 */
import type { ServiceStartPageQueryResult } from "~/content/sanity.types";
import { LOGO_FILE_FIELD } from "~/forms/service-start";
import type { FieldErrors, FormValues } from "~/forms/shared";

import { inputClass, RequiredMark } from "../controls";
import { TextAreaField } from "../fields";
import { cardClass, legendClass } from "./FormCard";

/** The own-logo answers; their ids drive which part of the card shows (CSS `:has`, below). */
const LOGO_ANSWERS = [
  { value: "si", label: "Sí, ya tengo logo" },
  { value: "descripcion", label: "No, quiero que me lo diseñéis" },
] as const;

export function LogoChoice({
  legend,
  offer,
  errors,
  kept,
}: {
  legend?: string | null;
  offer?: NonNullable<ServiceStartPageQueryResult>["logoOffer"] | null;
  errors: FieldErrors;
  kept?: FormValues;
}) {
  return (
    <fieldset className={`${cardClass} group/logo`}>
      <legend className={legendClass}>{legend}</legend>
      <div className="clear-both">
        <fieldset>
          <legend className="text-sm font-semibold text-ink">
            ¿Tienes un logo propio?
            <RequiredMark />
          </legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
            {LOGO_ANSWERS.map(({ value, label }) => (
              <label key={value} className="flex min-h-[44px] items-center gap-2 text-ink">
                <input
                  id={`logo-propio-${value}`}
                  type="radio"
                  name="tieneLogoPropio"
                  value={value}
                  defaultChecked={kept?.tieneLogoPropio === value}
                  className="h-5 w-5 accent-brand-600"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-5 hidden group-has-[#logo-propio-si:checked]/logo:block" data-testid="logo-file">
          <label htmlFor="logo-archivo" className="block text-sm font-semibold text-ink">
            Sube tu logo
          </label>
          <input
            id="logo-archivo"
            type="file"
            name={LOGO_FILE_FIELD}
            accept="image/*"
            aria-invalid={errors.archivoLogoTipo ? true : undefined}
            aria-describedby={errors.archivoLogoTipo ? "logo-archivo-error" : undefined}
            className={`${inputClass} border-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
          />
          {errors.archivoLogoTipo ? (
            <p id="logo-archivo-error" className="mt-1 text-sm font-medium text-red-700">
              {errors.archivoLogoTipo}
            </p>
          ) : null}
        </div>
        <div
          className="mt-5 hidden space-y-4 group-has-[#logo-propio-descripcion:checked]/logo:block"
          data-testid="logo-description"
        >
          <TextAreaField
            name="descripcionLogo"
            label="Describe cómo te gustaría tu logo"
            rows={3}
            error={errors.descripcionLogo}
            defaultValue={kept?.descripcionLogo}
          />
          {offer?.text ? (
            <div
              className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
              data-testid="logo-offer"
            >
              {offer.title ? <p className="font-bold">{offer.title}</p> : null}
              <p className="mt-1 text-sm">{offer.text}</p>
            </div>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
