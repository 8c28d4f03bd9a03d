/**
 * The controls of /sectores' full list once it no longer fits on one page: a search (a plain GET form,
 * `?q=`), the result count, a clear message when nothing matches, and the page links (`?pagina=`, with
 * rel prev/next). Server HTML only: links and a form, so they work without JavaScript. Every word is the
 * editors' (the directory document's `listControls`).
 */

import { Icon } from "~/components/ui/Icon";
import type { SectorsDirectoryQueryResult } from "~/content/sanity.types";
import {
  DIRECTORY_PARAM,
  directoryHref,
  type DirectoryListing,
  fillSearchText,
  pageWindow,
  resultCountText,
} from "~/domain/sector-directory";

import type { Maybe } from "../content-shapes";

/** The editors' words for these controls. */
type Texts = Maybe<NonNullable<SectorsDirectoryQueryResult>["listControls"]>;

const SEARCH_ID = "buscar-sector";

export function DirectorySearch({ path, search, texts }: { path: string; search: string; texts: Texts }) {
  return (
    <form
      method="get"
      action={path}
      role="search"
      aria-label={texts?.searchName ?? undefined}
      className="mx-auto mt-8 flex max-w-xl flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <label htmlFor={SEARCH_ID} className="block text-sm font-semibold text-ink">
          {texts?.searchLabel}
        </label>
        <input
          id={SEARCH_ID}
          type="search"
          name={DIRECTORY_PARAM.search}
          defaultValue={search}
          maxLength={100}
          autoComplete="off"
          placeholder={texts?.searchPlaceholder ?? undefined}
          className="mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      </div>
      <button type="submit" className="btn-primary">
        {texts?.searchButton}
      </button>
    </form>
  );
}

/** Under the search, how many sectors it found (nothing without a search or a result). */
export function DirectoryResultCount({ listing, texts }: { listing: DirectoryListing<unknown>; texts: Texts }) {
  const count = resultCountText(texts, listing);
  return count ? (
    <p role="status" className="mt-6 text-center text-ink-soft">
      {count}
    </p>
  ) : null;
}

export function NoSectorFound({ search, path, texts }: { search: string; path: string; texts: Texts }) {
  return (
    <div className="mx-auto mt-10 max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center">
      <p className="font-semibold text-ink">{fillSearchText(texts?.noResultTitle, { search })}</p>
      <p className="mt-2 text-ink-soft">
        {texts?.noResultText}{" "}
        <a href={path} className="font-semibold text-brand-700 underline">
          {texts?.noResultLink}
        </a>
        .
      </p>
    </div>
  );
}

const pageLinkBase = "grid h-11 min-w-11 place-items-center rounded-xl border px-3 font-semibold";
const linkClass = `${pageLinkBase} border-slate-300 bg-white text-ink hover:border-brand-300 hover:text-brand-700`;
const currentClass = `${pageLinkBase} border-brand-600 bg-brand-600 text-white`;

export function DirectoryPagination({
  path,
  listing,
  texts,
}: {
  path: string;
  listing: DirectoryListing<unknown>;
  texts: Texts;
}) {
  const { page, pages, search } = listing;
  return (
    <>
      {pages > 1 ? (
        <nav aria-label={texts?.pagesName ?? undefined} className="mt-10">
          {/* On phones the floating WhatsApp button (4.5rem from the right edge: WhatsAppButton.tsx) would sit
              over the last page links when the list's end is at the screen's bottom: they keep clear of it. */}
          <ul className="flex flex-wrap items-center justify-center gap-2 px-[4.5rem] md:px-0">
            {page > 1 ? (
              <li>
                <a href={directoryHref(path, { page: page - 1, search })} rel="prev" className={linkClass}>
                  <span className="flex items-center gap-1">
                    <Icon name="arrow-right" className="h-4 w-4 rotate-180" />
                    {texts?.previous}
                  </span>
                </a>
              </li>
            ) : null}
            {pageWindow(page, pages).map((number, index) =>
              number === "gap" ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-soft">
                  …
                </li>
              ) : (
                <li key={number}>
                  <a
                    href={directoryHref(path, { page: number, search })}
                    aria-current={number === page ? "page" : undefined}
                    aria-label={`${texts?.pageLabel ?? ""} ${number}`.trim()}
                    className={number === page ? currentClass : linkClass}
                  >
                    {number}
                  </a>
                </li>
              ),
            )}
            {page < pages ? (
              <li>
                <a href={directoryHref(path, { page: page + 1, search })} rel="next" className={linkClass}>
                  <span className="flex items-center gap-1">
                    {texts?.next}
                    <Icon name="arrow-right" className="h-4 w-4" />
                  </span>
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
