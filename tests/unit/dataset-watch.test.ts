// The embedded dataset's watch (app/content/local-source.server.ts): an edit written at any moment after
// the file was read is told to onChange at the next poll, with what it changed. The poll compares the file
// with the version that was read, so an edit written before the watch's first look is not taken as the
// starting point and lost (the redirect of a publication made just after a start never went live).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { type DatasetDiff, watchDataset } from "~/content/local-source.server";

const line = (id: string, title: string) =>
  JSON.stringify({
    _id: id,
    _type: "faq",
    _createdAt: "2025-01-01T00:00:00Z",
    _updatedAt: "2025-01-01T00:00:00Z",
    title,
  });

describe("the embedded dataset's watch", () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "dataset-watch-"));
    file = path.join(dir, "dataset.ndjson");
    fs.writeFileSync(file, `${line("a", "Uno")}\n`);
  });
  afterEach(() => {
    vi.useRealTimers();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("tells an edit written right after the first read, at the next poll", () => {
    const diffs: (DatasetDiff | null)[] = [];
    const dataset = watchDataset(file, (diff) => diffs.push(diff));
    expect(dataset.documents("raw").map((d) => d._id)).toEqual(["a"]);
    fs.writeFileSync(file, `${line("a", "Uno")}\n${line("b", "Dos")}\n`);
    vi.advanceTimersByTime(1000);
    expect(diffs).toEqual([{ changed: [], added: ["b"], removed: [] }]);
    expect(dataset.documents("raw").map((d) => d._id)).toEqual(["a", "b"]);
    // Nothing more to tell until the file changes again.
    vi.advanceTimersByTime(5000);
    expect(diffs).toHaveLength(1);
    dataset.close();
  });

  it("tells a file that went away once, and the file that comes back once", () => {
    const diffs: (DatasetDiff | null)[] = [];
    const dataset = watchDataset(file, (diff) => diffs.push(diff));
    dataset.documents("raw");
    fs.rmSync(file);
    vi.advanceTimersByTime(3000);
    expect(diffs).toEqual([null]);
    fs.writeFileSync(file, `${line("a", "Otra")}\n`);
    vi.advanceTimersByTime(3000);
    expect(diffs).toEqual([null, null]);
    expect(dataset.documents("raw")[0].title).toBe("Otra");
    dataset.close();
  });

  it("a refresh that saw the edit first leaves nothing for the poll", () => {
    const diffs: (DatasetDiff | null)[] = [];
    const dataset = watchDataset(file, (diff) => diffs.push(diff));
    dataset.documents("raw");
    fs.writeFileSync(file, `${line("a", "Cambiado")}\n`);
    dataset.refresh();
    vi.advanceTimersByTime(3000);
    expect(diffs).toEqual([{ changed: ["a"], added: [], removed: [] }]);
    dataset.close();
  });
});
