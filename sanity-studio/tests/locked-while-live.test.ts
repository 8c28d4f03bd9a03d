// A running experiment's key and variants are read-only in the form while the PUBLISHED experiment runs
// (components/LockedWhileLiveInput.tsx), whatever the draft says: a draft set to «En pausa» unlocks
// nothing until the pause is published. The hooks of `sanity` are replaced by the states a form would
// give; the input itself is the Studio's own, rendered by renderDefault with the props it gets.
import { beforeEach, describe, expect, it, vi } from "vitest";

const state = vi.hoisted(() => ({ id: "drafts.experiment.hero" as unknown, published: null as unknown, asked: "" }));

vi.mock("sanity", async (importOriginal) => ({
  ...(await importOriginal<typeof import("sanity")>()),
  useFormValue: () => state.id,
  useEditState: (id: string) => {
    state.asked = id;
    return { published: state.published, draft: { status: "paused" } };
  },
}));

const { LockedWhileLiveInput } = await import("../components/LockedWhileLiveInput");
const { experiment } = await import("../schemaTypes/documents/experiment");

/** What the input hands to the Studio's default input. */
function rendered() {
  const renderDefault = vi.fn(() => null);
  const props = { readOnly: false, renderDefault } as unknown as Parameters<typeof LockedWhileLiveInput>[0];
  LockedWhileLiveInput(props);
  expect(renderDefault).toHaveBeenCalledTimes(1);
  return (renderDefault.mock.calls[0] as unknown[])[0] as { readOnly?: boolean };
}

describe("the key and variants of a running experiment in the form", () => {
  beforeEach(() => {
    state.id = "drafts.experiment.hero";
    state.published = null;
  });

  it("are read-only while the published experiment runs, though the draft says paused", () => {
    state.published = { status: "running" };
    expect(rendered().readOnly).toBe(true);
    // The published document is the one asked about, not the draft.
    expect(state.asked).toBe("experiment.hero");
  });

  it("are editable once the pause (or the end) is published, and before the first publish", () => {
    for (const published of [{ status: "paused" }, { status: "ended" }, { status: "draft" }, null]) {
      state.published = published;
      expect(rendered().readOnly, JSON.stringify(published)).toBe(false);
    }
  });

  it("is the input of both fields in the schema", () => {
    const fields = (experiment as unknown as { fields: { name: string; components?: { input?: unknown } }[] }).fields;
    for (const name of ["key", "variants"])
      expect(fields.find((field) => field.name === name)?.components?.input, name).toBe(LockedWhileLiveInput);
  });
});
