// server.ts takes the app's process-wide services from the server build, typed from app/entry.server.tsx:
// a build without them must stop the boot, not silently run without lead delivery or cache purges.
import { EventEmitter } from "node:events";

import { describe, expect, it } from "vitest";

import * as entryServer from "~/entry.server";

import { appServices } from "../../server";
import * as serverApp from "../../server/app";

const buildWith = (module: Record<string, unknown>) =>
  ({ entry: { module } }) as unknown as Parameters<typeof appServices>[0];

describe("appServices", () => {
  it("returns the build's contentEvents, startLeadDelivery, shutdownLeads, startLiveContent, previewModeRoutes and metricsRoute", () => {
    const contentEvents = new EventEmitter();
    const startLeadDelivery = async () => undefined;
    const shutdownLeads = async () => undefined;
    const startLiveContent = () => undefined;
    const previewModeRoutes = { "/api/preview-mode/enable": async () => new Response(null) };
    const metricsRoute = async () => null;
    expect(
      appServices(
        buildWith({
          contentEvents,
          startLeadDelivery,
          shutdownLeads,
          startLiveContent,
          previewModeRoutes,
          metricsRoute,
          default: () => null,
        }),
      ),
    ).toEqual({ contentEvents, startLeadDelivery, shutdownLeads, startLiveContent, previewModeRoutes, metricsRoute });
  });

  it("refuses a build whose entry module lost one of them", () => {
    const services: Record<string, unknown> = {
      contentEvents: new EventEmitter(),
      startLeadDelivery: async () => undefined,
      shutdownLeads: async () => undefined,
      startLiveContent() {},
      previewModeRoutes: {},
      metricsRoute: async () => null,
    };
    expect(() => appServices(buildWith(services))).not.toThrow();
    for (const name of Object.keys(services)) {
      const { [name]: _lost, ...rest } = services;
      expect(() => appServices(buildWith(rest)), name).toThrow(new RegExp(name));
    }
    // With several missing, the message names one of the missing ones.
    expect(() => appServices(buildWith({ contentEvents: new EventEmitter() }))).toThrow(/startLeadDelivery/);
    expect(() => appServices(buildWith({ startLeadDelivery: async () => undefined }))).toThrow(/contentEvents/);
  });
});

describe("server/app.ts, the Node layer's one door into the app", () => {
  it("names only what app/entry.server.tsx exports, the same values (build/server.js reads them from the build)", () => {
    const names = Object.keys(serverApp);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names)
      expect((entryServer as Record<string, unknown>)[name], name).toBe((serverApp as Record<string, unknown>)[name]);
  });
});
