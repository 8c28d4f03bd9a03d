/**
 * One value per process for `name`, kept on globalThis under `Symbol.for("site.<name>")`, created on first
 * use: for what must stay one even when its module is evaluated again (a test's `vi.resetModules()`, a
 * build loaded anew in the same process), such as a connection pool, the metrics registry or the content
 * source. The one place such globals are made; every name carries the same prefix.
 */
export function singleton<Value>(name: string, create: () => Value): Value {
  const store = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(`site.${name}`);
  store[key] ??= create();
  return store[key] as Value;
}
