/** Calls Remix loaders and actions the way the server does, for integration tests. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const TEST_ORIGIN = "http://127.0.0.1:3000";

type Loader = (args: LoaderFunctionArgs) => unknown;

/** Runs a loader; a thrown Response is returned so tests can assert its status. */
export async function callLoader(loader: Loader, path: string, params: Record<string, string> = {}) {
  try {
    return await loader({ request: new Request(`${TEST_ORIGIN}${path}`), params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export async function callAction(
  action: (args: ActionFunctionArgs) => unknown,
  path: string,
  init: RequestInit,
  params: Record<string, string> = {},
) {
  try {
    return await action({ request: new Request(`${TEST_ORIGIN}${path}`, init), params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
