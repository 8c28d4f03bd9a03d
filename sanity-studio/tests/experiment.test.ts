// The Studio side of A/B experiments: the rules an experiment document must meet before it can run, and
// 'Probar una variante', which copies a campaign page and creates the experiment in one step.
import { describe, expect, it } from "vitest";
import { applyWinner, applyWinnerBlocker, ApplyWinnerAction } from "../actions/apply-winner";
import { planVariantExperiment } from "../actions/variant-experiment";
import { loadResults, resultsState } from "../components/results-state";
import { appearances } from "../presentation/appearances";
import { experiment } from "../schemaTypes/documents/experiment";
import { checkLiveChange, checkVariants, checkWinner, winnerChoices } from "../schemaTypes/documents/experiment-rules";
import { documentActions } from "../singletons";
import { createDatasetClient, type DatasetDocument, readNdjson, SEED_FILE, validateDataset } from "./support/dataset";

const variant = (key: string, page: string, weight = 50) => ({ _key: key, key, weight, page: { _ref: page } });

describe("experiment validation", () => {
  it("needs at least two variants, with distinct keys and distinct pages", () => {
    expect(checkVariants([variant("a", "p1"), variant("b", "p2")])).toBe(true);
    expect(checkVariants(undefined)).toMatch(/al menos dos variantes/);
    expect(checkVariants([variant("a", "p1")])).toMatch(/al menos dos variantes/);
    expect(checkVariants([variant("a", "p1"), variant("a", "p2")])).toMatch(/clave distinta/);
    expect(checkVariants([variant("a", "p1"), variant("b", "p1")])).toMatch(/página de campaña distinta/);
  });

  it("accepts as winner only the key of one of its variants", () => {
    const document = { status: "ended", variants: [variant("a", "p1"), variant("b", "p2")] };
    expect(checkWinner("b", document)).toBe(true);
    expect(checkWinner(undefined, document)).toBe(true);
    expect(checkWinner("z", document)).toMatch(/clave de una de las variantes/);
  });
});

describe("'Probar una variante'", () => {
  const page = {
    _id: "drafts.campaign-reformas",
    _type: "campaignPage",
    _rev: "r1",
    _createdAt: "2026-01-01T00:00:00Z",
    _updatedAt: "2026-01-02T00:00:00Z",
    title: "Reformas integrales",
    slug: { _type: "slug", current: "reformas-madrid" },
    blocks: [{ _type: "heroBlock", _key: "h1", heading: "Clientes B2B a precio fijo" }],
  };
  let ids = 0;
  const newId = () => `id-${(ids += 1)}`;

  it("copies the page under a free slug and creates a paused experiment: control first, the copy second", () => {
    ids = 0;
    const plan = planVariantExperiment(page, {
      publishedId: "campaign-reformas",
      isPublished: true,
      takenSlugs: new Set(["reformas-madrid", "reformas-madrid-copia"]),
      takenKeys: new Set(["reformas-madrid"]),
      newId,
    });
    expect(plan.page).toEqual({
      _id: "drafts.campaignPage.id-1",
      _type: "campaignPage",
      title: "Reformas integrales (variante B)",
      slug: { _type: "slug", current: "reformas-madrid-copia-2" },
      blocks: page.blocks,
    });
    expect(plan.experiment).toEqual({
      _id: "drafts.experiment.id-2",
      _type: "experiment",
      name: "Prueba de Reformas integrales",
      key: "reformas-madrid-2",
      status: "paused",
      variants: [
        {
          _key: "a",
          _type: "experimentVariant",
          key: "a",
          label: "Original",
          weight: 50,
          page: { _type: "reference", _ref: "campaign-reformas" },
        },
        {
          _key: "b",
          _type: "experimentVariant",
          key: "b",
          label: "Variante B",
          weight: 50,
          page: {
            _type: "reference",
            _ref: "campaignPage.id-1",
            _weak: true,
            _strengthenOnPublish: { type: "campaignPage" },
          },
        },
      ],
    });
    expect(checkVariants(plan.experiment.variants)).toBe(true);
  });

  it("references an unpublished control weakly, and makes a key of a nested slug", () => {
    ids = 0;
    const plan = planVariantExperiment(
      { ...page, slug: { _type: "slug", current: "campanas/software" } },
      { publishedId: "campaign-software", isPublished: false, takenSlugs: new Set(), takenKeys: new Set(), newId },
    );
    expect(plan.experiment.key).toBe("campanas-software");
    expect(plan.page.slug).toEqual({ _type: "slug", current: "campanas/software-copia" });
    expect(plan.experiment.variants[0]!.page).toMatchObject({ _ref: "campaign-software", _weak: true });
  });
});

describe("the experiment document while a test runs", () => {
  const fields = (experiment as unknown as { fields: { name: string; readOnly?: unknown }[] }).fields;
  const readOnly = (name: string, document: Record<string, unknown>, value?: unknown) => {
    const property = fields.find((field) => field.name === name)?.readOnly;
    return typeof property === "function" ? property({ document, value }) : Boolean(property);
  };

  it("locks the key and the variants (and so their weights and pages) while running, not while paused or ended", () => {
    for (const name of ["key", "variants"]) {
      expect(readOnly(name, { status: "running" }), name).toBe(true);
      expect(readOnly(name, { status: "paused" }), name).toBe(false);
      expect(readOnly(name, { status: "ended" }), name).toBe(false);
    }
    expect(readOnly("name", { status: "running" })).toBe(false);
    expect(readOnly("status", { status: "running" })).toBe(false);
  });

  it("offers as winner a choice among the variants, allowed only once ended", () => {
    const variants = [
      { ...variant("a", "p1"), label: "Original" },
      { ...variant("b", "p2"), label: "Titular corto" },
    ];
    expect(winnerChoices(variants)).toEqual([
      { title: "Ninguna: todos ven el control", value: "" },
      { title: "Original («a») · control", value: "a" },
      { title: "Titular corto («b»)", value: "b" },
    ]);
    expect(checkWinner("b", { status: "running", variants })).toMatch(/Terminado/);
    expect(checkWinner("b", { status: "paused", variants })).toMatch(/Terminado/);
    expect(checkWinner("b", { status: "ended", variants })).toBe(true);
    expect(readOnly("winner", { status: "running" })).toBe(true);
    expect(readOnly("winner", { status: "ended" })).toBe(false);
    // A winner left from before can still be cleared.
    expect(readOnly("winner", { status: "paused" }, "b")).toBe(false);
  });

  it("opens the page under test (the control's address) in Presentation", () => {
    expect(
      appearances({
        document: {
          _type: "experiment",
          title: "Titular corto",
          controlTitle: "Reformas",
          controlSlug: "ads/reformas",
        },
        referrers: [],
      }),
    ).toEqual({ locations: [{ title: "Página en prueba: Reformas", href: "/ads/reformas" }] });
    expect(appearances({ document: { _type: "experiment", title: "Sin página" }, referrers: [] })).toMatchObject({
      locations: [],
      message: expect.stringMatching(/control/),
    });
  });
});

describe("the «Resultados» view", () => {
  it("shows the site's figures and decision as the site words them", () => {
    const body = {
      heading: "Titular corto (titular-reformas) · En curso",
      warning: null,
      decision: "Recogiendo datos: faltan unos 1.200 visitantes.",
      variants: [
        { key: "a", label: "Original", figures: "120 visitantes · 6 conversiones (5,0 %)" },
        { key: "b", label: "Titular corto", figures: "118 visitantes · 14 conversiones (11,9 %)" },
      ],
    };
    expect(resultsState(200, body)).toEqual({ kind: "report", ...body });
  });

  it("asks to open «Vista previa» without a preview session, and says what else went wrong in Spanish", () => {
    expect(resultsState(401, { error: "…" })).toMatchObject({
      kind: "message",
      text: expect.stringMatching(/Vista previa/),
    });
    expect(resultsState(404, { error: "No hay ningún experimento publicado con esta clave." })).toMatchObject({
      text: expect.stringMatching(/No hay ningún experimento/),
    });
    expect(resultsState(0, null)).toMatchObject({ tone: "critical", text: expect.stringMatching(/No se pudieron/) });
    expect(resultsState(null, null)).toMatchObject({ text: expect.stringMatching(/clave/) });
  });
});

describe("the «Resultados» view when the browser refuses the answer", () => {
  const site = "https://leads.example.es";
  const studioOrigin = "https://studio.leads.example.es";
  // A browser's fetch: a credentialed read the site did not allow for this origin fails with a bare
  // TypeError; the same address asked without reading it (`no-cors`) resolves when the site answered.
  const browserFetch =
    (siteUp: boolean): typeof fetch =>
    async (_url, init) => {
      if (siteUp && init?.mode === "no-cors") return new Response(null, { status: 200 });
      throw new TypeError("Failed to fetch");
    };

  it("names SANITY_STUDIO_URL and this Studio's address when the site is up but refuses this origin", async () => {
    const state = await loadResults("titular-reformas", { site, studioOrigin, fetch: browserFetch(true) });
    expect(state).toMatchObject({ kind: "message", tone: "critical" });
    expect(state.kind === "message" && state.text).toContain("SANITY_STUDIO_URL");
    expect(state.kind === "message" && state.text).toContain(studioOrigin);
    expect(state.kind === "message" && state.text).not.toMatch(/en marcha/);
  });

  it("says the site could not be reached when nothing answers", async () => {
    const state = await loadResults("titular-reformas", { site, studioOrigin, fetch: browserFetch(false) });
    expect(state.kind === "message" && state.text).toMatch(
      /No se pudo conectar con la web \(https:\/\/leads\.example\.es\)/,
    );
  });

  it("reads the figures when the site allows this origin", async () => {
    const body = { heading: "H", warning: null, decision: "D", variants: [] };
    const fetchOk: typeof fetch = async () => Response.json(body);
    expect(await loadResults("k", { site, studioOrigin, fetch: fetchOk })).toEqual({ kind: "report", ...body });
  });
});

describe("a running test changes only after a published pause", () => {
  const liveExperiment = {
    _id: "experiment.titular",
    _type: "experiment",
    name: "Titular",
    key: "titular",
    status: "running",
    variants: [
      {
        _key: "a",
        key: "a",
        label: "Original",
        weight: 50,
        page: { _type: "reference", _ref: "campaignPage.reformas-integrales" },
      },
      {
        _key: "b",
        key: "b",
        label: "Corto",
        weight: 50,
        page: { _type: "reference", _ref: "campaignPage.software-b2b-demos" },
      },
    ],
  } as unknown as DatasetDocument & Parameters<typeof checkLiveChange>[1];
  const documentProblems = async (published: DatasetDocument, draft: DatasetDocument) =>
    (await validateDataset([...readNdjson(SEED_FILE), published, draft], [draft])).filter((p) => p.path === "status");

  it("refuses to publish new weights over a running test, even when the draft says «En pausa» or «En curso» again", async () => {
    const changed = liveExperiment.variants as { weight: number }[];
    for (const status of ["paused", "running"]) {
      const draft = {
        ...liveExperiment,
        _id: "drafts.experiment.titular",
        status,
        variants: [{ ...changed[0], weight: 90 }, changed[1]],
      } as unknown as DatasetDocument;
      const problems = await documentProblems(liveExperiment, draft);
      expect(problems, status).toContainEqual(
        expect.objectContaining({ level: "error", message: expect.stringMatching(/publicar una pausa/) }),
      );
    }
  });

  it("lets the change through once the pause is published, and lets a running test be renamed or paused", async () => {
    const paused = { ...liveExperiment, status: "paused" } as DatasetDocument;
    const draft = {
      ...paused,
      _id: "drafts.experiment.titular",
      key: "titular-2",
      status: "running",
    } as DatasetDocument;
    expect(await documentProblems(paused, draft)).toEqual([]);
    const renamed = { ...liveExperiment, _id: "drafts.experiment.titular", name: "Otro nombre", status: "paused" };
    expect(await documentProblems(liveExperiment, renamed as DatasetDocument)).toEqual([]);
  });

  it("compares key, variant keys, weights and pages, in order", () => {
    const [a, b] = liveExperiment.variants as never[];
    expect(checkLiveChange({ key: "otra", variants: [a, b] }, liveExperiment)).toMatch(/en curso en la web/);
    expect(checkLiveChange({ key: "titular", variants: [b, a] }, liveExperiment)).toMatch(/en curso en la web/);
    expect(checkLiveChange({ key: "titular", variants: [a, b] }, liveExperiment)).toBe(true);
    expect(checkLiveChange({ key: "otra" }, { ...liveExperiment, status: "ended" })).toBe(true);
  });
});

describe("«Aplicar la ganadora»", () => {
  const control = {
    _id: "campaignPage.reformas-integrales",
    _type: "campaignPage",
    _rev: "r1",
    title: "Reformas integrales",
    slug: { _type: "slug", current: "reformas-integrales" },
    minimalHeader: true,
    seo: { _type: "campaignSeo", title: "Reformas B2B", description: "Original", noIndex: false, image: { alt: "x" } },
    blocks: [{ _type: "heroBlock", _key: "h1", heading: "Clientes B2B a precio fijo" }],
  };
  const winner = {
    _id: "campaignPage.variante",
    _type: "campaignPage",
    title: "Reformas integrales (variante B)",
    slug: { _type: "slug", current: "reformas-integrales-copia" },
    minimalHeader: false,
    seo: { _type: "campaignSeo", title: "Llena tu agenda", description: "Ganadora", noIndex: true },
    blocks: [{ _type: "heroBlock", _key: "h1", heading: "Llena tu agenda de obras este trimestre" }],
  };
  const ended = {
    _id: "experiment.titular",
    status: "ended",
    winner: "b",
    variants: [
      { key: "a", page: { _ref: control._id } },
      { key: "b", page: { _ref: winner._id } },
    ],
  };

  function transactionClient(documents: Record<string, unknown>[]) {
    const committed: unknown[][] = [];
    const client = {
      fetch: createDatasetClient(documents as DatasetDocument[]).fetch,
      transaction() {
        const operations: unknown[] = [];
        const transaction = {
          createOrReplace: (document: unknown) => (operations.push({ createOrReplace: document }), transaction),
          patch: (id: string, patch: unknown) => (
            operations.push({ patch: { id, ...(patch as object) } }),
            transaction
          ),
          commit: async () => void committed.push(operations),
        };
        return transaction;
      },
    };
    return { client: client as never, committed };
  }

  it("puts the winner's blocks and texts into the control page as a draft, keeping its name, address and indexing, and records it", async () => {
    const { client, committed } = transactionClient([control, winner]);
    const now = new Date("2026-03-01T10:00:00Z");
    await applyWinner(client, ended, { now, experimentDraftId: "drafts.experiment.titular" });
    const record = { appliedAt: "2026-03-01T10:00:00.000Z", appliedVariant: "b" };
    expect(committed).toEqual([
      [
        {
          createOrReplace: {
            _id: "drafts.campaignPage.reformas-integrales",
            _type: "campaignPage",
            title: "Reformas integrales",
            slug: control.slug,
            minimalHeader: false,
            seo: {
              _type: "campaignSeo",
              title: "Llena tu agenda",
              description: "Ganadora",
              noIndex: false,
              image: { alt: "x" },
            },
            blocks: winner.blocks,
          },
        },
        { patch: { id: "experiment.titular", set: record } },
        { patch: { id: "drafts.experiment.titular", set: record } },
      ],
    ]);
  });

  it("starts from the control's draft when it has one", async () => {
    const draft = { ...control, _id: `drafts.${control._id}`, title: "Reformas (borrador)" };
    const { client, committed } = transactionClient([control, draft, winner]);
    await applyWinner(client, ended);
    expect((committed[0]![0] as { createOrReplace: { title: string } }).createOrReplace.title).toBe(
      "Reformas (borrador)",
    );
  });

  it("is offered only on an ended experiment whose winner is not the control, and says why otherwise", async () => {
    expect(applyWinnerBlocker(ended)).toBeNull();
    expect(applyWinnerBlocker({ ...ended, status: "running" })).toMatch(/terminado/);
    expect(applyWinnerBlocker({ ...ended, winner: undefined })).toMatch(/Elige primero la ganadora/);
    expect(applyWinnerBlocker({ ...ended, winner: "a" })).toMatch(/es el control/);
    const { client, committed } = transactionClient([control, winner]);
    await expect(applyWinner(client, { ...ended, winner: "a" })).rejects.toThrow(/es el control/);
    expect(committed).toEqual([]);
  });

  it("is an action of experiments, and the experiment shows what was applied, read-only", () => {
    const actions = documentActions([] as never, { schemaType: "experiment" } as never) as unknown[];
    expect(actions).toContain(ApplyWinnerAction);
    const fields = (experiment as unknown as { fields: { name: string; readOnly?: unknown }[] }).fields;
    for (const name of ["appliedVariant", "appliedAt"])
      expect(fields.find((f) => f.name === name)?.readOnly).toBe(true);
  });
});
