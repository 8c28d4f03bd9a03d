/**
 * The consent boot script (see boot-script.server.ts), inline and first in <head>. Its text comes from
 * the server render (app/entry.server.tsx provides it), so it stays out of the browser bundle: the
 * browser already runs it from the page, and hydration leaves an inline script's text as it is.
 */
import { createContext, useContext } from "react";

export const ConsentBootScriptText = createContext("");

export function ConsentBootScript() {
  return <script dangerouslySetInnerHTML={{ __html: useContext(ConsentBootScriptText) }} />;
}
