/**
 * A promise of the product measured from its event (docs/testing.md, "What a test may wait on"): a change is live
 * within `withinMs` of `since` when a request *started* by then sees it. A request starts every `everyMs` without
 * waiting for the one before, so a render that a busy host slows delays that request's answer, never the start
 * the promise is measured from (one request at a time let a single slow render use up the whole window).
 * Resolves once every request started has answered: true when one started in time saw the change. Called after the
 * window has passed it starts none and is false: checks of one event that must each start in time run at once.
 */
export async function seenWithin(
  sees: () => Promise<boolean>,
  since: number,
  withinMs: number,
  everyMs = 100,
): Promise<boolean> {
  const asked: Promise<boolean>[] = [];
  let seen = false;
  while (!seen && Date.now() - since <= withinMs) {
    asked.push(
      sees().then((saw) => {
        if (saw) seen = true;
        return saw;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return (await Promise.all(asked)).some(Boolean);
}
