/**
 * The request a loader is answering, without every loader passing it along: the server runs each Remix
 * request inside runInRequestScope (server/remix-handler.ts), and the content door asks which
 * perspective that request may see. Outside a scope (scripts, unit tests) the answer is `published`.
 *
 * The AsyncLocalStorage lives on globalThis so build/server.js and build/index.js (two bundles, each with
 * its own copy of this module) share one store.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface RequestScope {
  request: Request;
  /** Memoised per request: values derived once (the preview session) and reused by every loader. */
  memo: Map<string, unknown>;
}

const STORE_KEY = Symbol.for("site.requestScope");
const storage = ((globalThis as Record<symbol, unknown>)[STORE_KEY] ??=
  new AsyncLocalStorage<RequestScope>()) as AsyncLocalStorage<RequestScope>;

export function runInRequestScope<T>(request: Request, run: () => T): T {
  return storage.run({ request, memo: new Map() }, run);
}

/** A value computed once for the current request, or `fallback` outside any request. */
export function requestMemo<T>(key: string, compute: (request: Request) => T, fallback: T): T {
  const scope = storage.getStore();
  if (!scope) return fallback;
  if (!scope.memo.has(key)) scope.memo.set(key, compute(scope.request));
  return scope.memo.get(key) as T;
}
