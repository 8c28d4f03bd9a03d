// Consent (AEPD 2023 guide, Google Consent Mode v2 basic), conversion events and lead attribution.
// A second server instance runs with Google Ads and Meta ids configured; every request to a Google or
// Meta host is recorded and answered here with stand-in scripts (nothing leaves 127.0.0.1).
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";

import { AXE_RUN_MS, budgetMore, settled, waitForHydration } from "../support/page-checks";
import { seedDocument } from "../support/seed-content";
import { startTrackedServer, type TrackedServer, TRACKING_IDS } from "../support/tracked-server";

const plansPage = seedDocument("plansPage");

const TRACKER_HOST =
  /(^|\.)(googletagmanager\.com|google-analytics\.com|googleadservices\.com|doubleclick\.net|google\.[a-z.]+|gstatic\.com|googlesyndication\.com|facebook\.net|facebook\.com|fbcdn\.net)$/;

// gtag.js stand-in: marks that it ran; the calls themselves are read from window.dataLayer, as gtag.js does.
const GTAG_STUB = "window.__gtagLoads = (window.__gtagLoads || 0) + 1;";
// fbevents.js stand-in: takes over the queue of Meta's stub and records every call from then on.
const FBEVENTS_STUB = `(function () {
  var calls = (window.__fbqCalls = window.__fbqCalls || []);
  var f = window.fbq;
  if (!f) return;
  f.callMethod = function () { calls.push(Array.prototype.slice.call(arguments)); };
  (f.queue || []).forEach(function (args) { calls.push(Array.prototype.slice.call(args)); });
  f.queue = [];
})();`;

let tracked: TrackedServer;
test.beforeAll(async () => {
  tracked = await startTrackedServer();
});
test.afterAll(async () => {
  await tracked?.stop();
});

const receiver = () => process.env.E2E_RECEIVER_URL!;

/** Records (and answers) every request to a Google or Meta host made in this context. */
async function recordTrackerRequests(context: BrowserContext): Promise<string[]> {
  const attempts: string[] = [];
  await context.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (!TRACKER_HOST.test(url.hostname)) return route.fallback();
    attempts.push(url.href);
    if (url.hostname === "www.googletagmanager.com" && url.pathname === "/gtag/js") {
      return route.fulfill({ contentType: "text/javascript", body: GTAG_STUB });
    }
    if (url.hostname === "connect.facebook.net")
      return route.fulfill({ contentType: "text/javascript", body: FBEVENTS_STUB });
    return route.fulfill({ status: 204, body: "" });
  });
  return attempts;
}

/** Loads a page and waits until the app has hydrated (the banner is then handled in the browser). */
async function open(page: Page, url: string, options: Parameters<Page["goto"]>[1] = {}) {
  await page.goto(url, options);
  await waitForHydration(page);
}

function banner(page: Page) {
  return page.locator("#cookie-consent");
}

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "cookie_consent");
}

async function googleConversions(page: Page) {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((call) => call[0] === "event" && call[1] === "conversion"),
  );
}

async function metaLeads(page: Page) {
  return page.evaluate(() =>
    ((window as unknown as { __fbqCalls?: unknown[][] }).__fbqCalls ?? []).filter(
      (call) => call[0] === "track" && call[1] === "Lead",
    ),
  );
}

async function consentUpdates(page: Page) {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((call) => call[0] === "consent"),
  );
}

/** Fills the landing contact form with a lead marked `marker` and sends it. */
async function fillAndSend(form: Locator, marker: string) {
  await form.getByLabel("Nombre").fill("Ana Prueba");
  await form.getByLabel("Email").fill(`${marker}@example.com`);
  await form.getByLabel("Teléfono").fill("+34 600 111 222");
  await form.getByLabel("Sector").fill("Consultoría");
  await form.getByLabel("Mensaje").fill(`Mensaje ${marker}`);
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
}

async function sendContactForm(page: Page, marker: string) {
  // The form's code comes as it is typed into (app/components/islands/on-interaction.tsx).
  await fillAndSend(page.getByRole("form", { name: "Formulario de contacto" }), marker);
  await expect(page.getByTestId("contact-success")).toBeVisible();
}

async function deliveredPayload(marker: string) {
  let found: { body: Record<string, unknown> } | undefined;
  await expect
    .poll(async () => {
      const received = (await (await fetch(`${receiver()}/__received`)).json()) as Array<{
        body: Record<string, unknown>;
      }>;
      found = received.find((entry) => entry.body?.email === `${marker}@example.com`);
      return Boolean(found);
    })
    .toBe(true);
  return found!.body;
}

test.describe("before any choice", () => {
  test("the banner offers 'Aceptar' and 'Rechazar' equally and nothing contacts Google or Meta", async ({
    context,
    page,
  }) => {
    const attempts = await recordTrackerRequests(context);
    await open(page, `${tracked.url}/`);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("heading", { name: "Tu privacidad es importante" })).toBeVisible();
    const accept = banner(page).getByRole("button", { name: "Aceptar", exact: true });
    const reject = banner(page).getByRole("button", { name: "Rechazar", exact: true });
    await expect(banner(page).getByRole("button", { name: "Configurar" })).toBeVisible();
    const look = (button: typeof accept) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return [
          style.backgroundColor,
          style.color,
          style.fontSize,
          style.fontWeight,
          style.borderWidth,
          Math.round(box.height),
          Math.round(box.width),
        ];
      });
    expect(await look(accept)).toEqual(await look(reject));
    // 'Configurar' is as prominent as the other two.
    expect(await look(banner(page).getByRole("button", { name: "Configurar", exact: true }))).toEqual(
      await look(reject),
    );

    // Scrolling and moving around is not consent.
    await page.mouse.wheel(0, 2500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Contacto", exact: true }).click();
    await expect(page).toHaveURL(/\/contacto$/);
    await settled(page);
    await expect(banner(page)).toBeVisible();
    expect(attempts).toEqual([]);
    expect(await consentCookie(context)).toBeUndefined();
    // Consent Mode default, all denied, is the only thing the Google queue holds.
    expect(await consentUpdates(page)).toEqual([
      [
        "consent",
        "default",
        { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" },
      ],
    ]);
  });

  test(
    "on a phone the first layer takes at most a third of the first screen, its three choices side by side",
    { tag: "@any-width" },
    async ({ browser }) => {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await phone.newPage();
      await open(page, `${tracked.url}/`);
      await expect(banner(page)).toBeVisible();
      const height = await banner(page).evaluate((element) => element.getBoundingClientRect().height);
      expect(height).toBeLessThanOrEqual(844 / 3);
      const tops = await Promise.all(
        ["Aceptar", "Rechazar", "Configurar"].map((name) =>
          banner(page)
            .getByRole("button", { name, exact: true })
            .evaluate((element) => Math.round(element.getBoundingClientRect().top)),
        ),
      );
      expect(new Set(tops).size).toBe(1);
      await phone.close();
    },
  );

  test("the room kept below the page follows the banner's height, set on <html> alone (not restyling every element)", async ({
    page,
  }) => {
    await open(page, `${tracked.url}/`);
    await expect(banner(page)).toBeVisible();
    const room = await page.evaluate(() => {
      const banner = document.getElementById("cookie-consent")!;
      return {
        banner: Math.ceil(banner.getBoundingClientRect().height),
        onHtml: document.documentElement.style.getPropertyValue("--cc-height"),
        paddingBottom: getComputedStyle(document.documentElement).paddingBottom,
        // Registered as not inherited (app/tailwind.css): no element below <html> carries it, so a change
        // restyles <html> only instead of the whole document.
        onBody: getComputedStyle(document.body).getPropertyValue("--cc-height"),
        onMain: getComputedStyle(document.querySelector("main")!).getPropertyValue("--cc-height"),
      };
    });
    expect(room.onHtml).toBe(`${room.banner}px`);
    expect(room.paddingBottom).toBe(`${room.banner}px`);
    expect(room.onBody).toBe("");
    expect(room.onMain).toBe("");
  });

  test(
    "the banner links to the cookie policy, which is read with the banner still waiting for a choice",
    { tag: "@any-width" },
    async ({ context, page }) => {
      await open(page, "/");
      const policyLink = banner(page).getByRole("link", { name: "Política de cookies", exact: true });
      await expect(policyLink).toHaveAttribute("href", "/legal#cookies");
      await policyLink.click();
      await expect(page).toHaveURL(/\/legal#cookies$/);
      await expect(page.locator("#cookies")).toBeVisible();
      await expect(banner(page)).toBeVisible();
      expect(await consentCookie(context)).toBeUndefined();
    },
  );

  test(
    "the page is the same for every visitor: the choice is made in the browser, before first paint",
    { tag: "@any-width" },
    async ({ page, request }) => {
      const anonymous = await (await request.get(`${tracked.url}/mensual`)).text();
      const decided = await (
        await request.get(`${tracked.url}/mensual`, { headers: { Cookie: "cookie_consent=v1.a1.p1" } })
      ).text();
      expect(decided).toBe(anonymous);
      expect(anonymous).toContain('id="cookie-consent"');

      // With the app script blocked, the boot script still shows the banner and its buttons still work.
      await page.route("**/build/**", (route) =>
        route.request().resourceType() === "script" ? route.abort() : route.fallback(),
      );
      await page.goto(`${tracked.url}/mensual`);
      await expect(banner(page)).toBeVisible();
      await banner(page).getByRole("button", { name: "Rechazar", exact: true }).click();
      await expect(page).toHaveURL(/\/mensual$/);
      await expect(banner(page)).toBeHidden();
    },
  );

  test("showing the banner shifts no content (CLS 0) and the first Tab lands in it", async ({ browser }, testInfo) => {
    async function layoutShift(preset: boolean) {
      const context = await browser.newContext({ ...testInfo.project.use });
      await recordTrackerRequests(context);
      if (preset) await context.addCookies([{ name: "cookie_consent", value: "v1.a0.p0", url: tracked.url }]);
      const page = await context.newPage();
      await page.addInitScript(() => {
        (window as unknown as { __cls: number }).__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await open(page, `${tracked.url}/contacto`);
      await settled(page);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      const bannerShown = await banner(page).isVisible();
      if (!preset) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#cookie-consent")))).toBe(true);
      }
      await context.close();
      return { cls, bannerShown };
    }
    const withBanner = await layoutShift(false);
    const withoutBanner = await layoutShift(true);
    expect(withBanner.bannerShown).toBe(true);
    expect(withoutBanner.bannerShown).toBe(false);
    expect(withBanner.cls).toBeLessThanOrEqual(withoutBanner.cls);
  });

  test("the banner never hides the element that has keyboard focus", async ({ page, context }) => {
    await recordTrackerRequests(context);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, `${tracked.url}/contacto`);
    await expect(banner(page)).toBeVisible();
    const seen = new Set<string>();
    for (let step = 0; step < 80; step += 1) {
      await page.keyboard.press("Tab");
      // Wait until any scrolling caused by the focus change has settled.
      await page.waitForFunction(
        () =>
          new Promise((resolve) => {
            const y = window.scrollY;
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)));
          }),
      );
      const state = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const cookieBanner = document.getElementById("cookie-consent")!;
        if (!active || active === document.body) return null;
        const box = active.getBoundingClientRect();
        const bannerTop = cookieBanner.getBoundingClientRect().top;
        return {
          key: `${active.tagName}:${active.getAttribute("name") ?? ""}:${active.textContent?.trim().slice(0, 30) ?? ""}:${Math.round(box.top + window.scrollY)}`,
          inBanner: cookieBanner.contains(active),
          visible: box.width > 0 && box.height > 0,
          bottom: box.bottom,
          bannerTop,
        };
      });
      if (!state || !state.visible || state.inBanner) continue;
      expect(state.bottom, `${state.key} is under the banner`).toBeLessThanOrEqual(state.bannerTop + 1);
      seen.add(state.key);
    }
    expect(seen.size).toBeGreaterThan(5);
  });

  test("axe finds no accessibility violation in either layer of the banner", async ({ page, context }) => {
    await recordTrackerRequests(context);
    await open(page, `${tracked.url}/`);
    await expect(banner(page)).toBeVisible();
    budgetMore(2 * AXE_RUN_MS);
    const first = await new AxeBuilder({ page }).include("#cookie-consent").analyze();
    expect(first.violations).toEqual([]);
    await banner(page).getByRole("button", { name: "Configurar" }).click();
    await expect(banner(page).getByRole("switch", { name: "Cookies publicitarias" })).toBeVisible();
    const settings = await new AxeBuilder({ page }).include("#cookie-consent").analyze();
    expect(settings.violations).toEqual([]);
  });
});

test.describe("'Rechazar'", () => {
  test(
    "stores the refusal for at most 13 months and no Google or Meta request is ever attempted",
    { tag: "@any-width" },
    async ({ context, page }) => {
      const attempts = await recordTrackerRequests(context);
      await open(page, `${tracked.url}/contacto`);
      await banner(page).getByRole("button", { name: "Rechazar", exact: true }).click();
      await expect(banner(page)).toBeHidden();
      const cookie = await consentCookie(context);
      expect(cookie?.value).toBe("v1.a0.p0");
      expect(cookie?.sameSite).toBe("Lax");
      expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(396 * 24 * 3600 * 1000);
      expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(300 * 24 * 3600 * 1000);

      await sendContactForm(page, `rechazo-${test.info().project.name}`);
      await open(page, `${tracked.url}/`);
      await expect(banner(page)).toBeHidden();
      await settled(page);
      expect(attempts).toEqual([]);
      expect(await googleConversions(page)).toEqual([]);
    },
  );
});

test.describe("'Configurar'", () => {
  test(
    "opens switches that start off; saving analytics only loads no advertising tag",
    { tag: "@any-width" },
    async ({ context, page }) => {
      const attempts = await recordTrackerRequests(context);
      await open(page, `${tracked.url}/`);
      await banner(page).getByRole("button", { name: "Configurar" }).click();
      const analytics = banner(page).getByRole("switch", { name: "Cookies analíticas" });
      const advertising = banner(page).getByRole("switch", { name: "Cookies publicitarias" });
      await expect(analytics).toBeFocused();
      await expect(analytics).not.toBeChecked();
      await expect(advertising).not.toBeChecked();
      await expect(banner(page).getByRole("switch", { name: "Cookies técnicas (siempre activas)" })).toBeDisabled();
      await page.keyboard.press("Space");
      await expect(analytics).toBeChecked();
      await banner(page).getByRole("button", { name: "Guardar mi selección" }).click();
      await expect(banner(page)).toBeHidden();
      expect((await consentCookie(context))?.value).toBe("v1.a1.p0");
      // The update is made by the tags' file (app/tracking/tags.ts), which the frame script imports once a choice
      // exists: a wait for it, not a read at once (a loaded host once read the default here).
      await expect
        .poll(async () => (await consentUpdates(page)).at(-1))
        .toEqual([
          "consent",
          "update",
          { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "granted" },
        ]);
      await settled(page);
      expect(attempts).toEqual([]);
    },
  );
});

test.describe("'Aceptar'", () => {
  test(
    "loads the Google tag and the Meta pixel, and a contact success fires each event once with 20 EUR",
    { tag: "@any-width" },
    async ({ context, page }) => {
      const attempts = await recordTrackerRequests(context);
      await open(page, `${tracked.url}/contacto`);
      await banner(page).getByRole("button", { name: "Aceptar", exact: true }).click();
      await expect(banner(page)).toBeHidden();
      await expect
        .poll(() =>
          attempts.some((url) => url === `https://www.googletagmanager.com/gtag/js?id=${TRACKING_IDS.googleAdsId}`),
        )
        .toBe(true);
      await expect.poll(() => attempts.some((url) => url.startsWith("https://connect.facebook.net/"))).toBe(true);
      await expect
        .poll(async () => (await consentUpdates(page)).at(-1))
        .toEqual([
          "consent",
          "update",
          {
            ad_storage: "granted",
            ad_user_data: "granted",
            ad_personalization: "granted",
            analytics_storage: "granted",
          },
        ]);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __fbqCalls?: unknown[][] }).__fbqCalls?.[0]))
        .toEqual(["init", TRACKING_IDS.metaPixelId]);

      const marker = `acepto-${test.info().project.name}`;
      await sendContactForm(page, marker);
      const payload = await deliveredPayload(marker);
      const origen = payload.origen as Record<string, unknown>;
      expect(origen.consentimiento).toEqual({ elegido: true, analitica: true, publicidad: true });

      await expect.poll(() => googleConversions(page).then((calls) => calls.length)).toBe(1);
      const [conversion] = await googleConversions(page);
      expect(conversion[2]).toEqual({
        send_to: `${TRACKING_IDS.googleAdsId}/${TRACKING_IDS.googleAdsContactLabel}`,
        value: 20,
        currency: "EUR",
        transaction_id: expect.any(String),
      });
      const leads = await metaLeads(page);
      expect(leads).toHaveLength(1);
      expect(leads[0].slice(2)).toEqual([
        { value: 20, currency: "EUR" },
        { eventID: (conversion[2] as { transaction_id: string }).transaction_id },
      ]);

      // 'Enviar otro mensaje' and re-renders fire nothing more; a new success fires once more.
      await page.getByRole("button", { name: "Enviar otro mensaje" }).click();
      await expect(page.getByRole("button", { name: "Enviar mensaje" })).toBeVisible();
      await settled(page);
      expect(await googleConversions(page)).toHaveLength(1);
      await sendContactForm(page, `${marker}-2`);
      await expect.poll(() => googleConversions(page).then((calls) => calls.length)).toBe(2);
      expect(await metaLeads(page)).toHaveLength(2);
      const ids = (await googleConversions(page)).map((call) => (call[2] as { transaction_id: string }).transaction_id);
      expect(new Set(ids).size).toBe(2);
    },
  );

  test(
    "a monthly-plan request fires the 100 EUR lead conversion and a Meta Lead, once",
    { tag: "@any-width" },
    async ({ context, page }) => {
      await recordTrackerRequests(context);
      await context.addCookies([{ name: "cookie_consent", value: "v1.a1.p1", url: tracked.url }]);
      await open(page, `${tracked.url}/mensual`);
      await page.locator("#empezar").getByRole("link", { name: plansPage.finalCta.ctaLabel }).click();
      const dialog = page.getByRole("dialog", { name: plansPage.monthlyDialog.title });
      const marker = `mensual-${test.info().project.name}`;
      await dialog.getByLabel("Nombre").fill("Luis Pérez");
      await dialog.getByLabel("Email").fill(`${marker}@example.com`);
      await dialog.getByLabel("Teléfono").fill("600 222 333");
      await dialog.getByLabel("Empresa").fill("Clínica Sonrisa");
      await dialog.getByLabel("Sector").selectOption(plansPage.sectorOptions[3]);
      await dialog.getByLabel("Describe tu negocio").fill("Clínica dental");
      await dialog.getByRole("button", { name: plansPage.monthlyDialog.submitLabel }).click();
      await expect(dialog).toContainText(plansPage.monthlyDialog.successTitle);
      const payload = await deliveredPayload(marker);
      expect(payload.tipo).toBe("Contacto Plan Mensual");

      await expect.poll(() => googleConversions(page).then((calls) => calls.length)).toBe(1);
      const [conversion] = await googleConversions(page);
      expect(conversion[2]).toEqual({
        send_to: `${TRACKING_IDS.googleAdsId}/${TRACKING_IDS.googleAdsLeadLabel}`,
        value: 100,
        currency: "EUR",
        transaction_id: expect.any(String),
      });
      const leads = await metaLeads(page);
      expect(leads.map((call) => call.slice(2))).toEqual([
        [{ value: 100, currency: "EUR" }, { eventID: (conversion[2] as { transaction_id: string }).transaction_id }],
      ]);
    },
  );

  test("a failed submission fires nothing", { tag: "@any-width" }, async ({ context, page }) => {
    await recordTrackerRequests(context);
    await context.addCookies([{ name: "cookie_consent", value: "v1.a1.p1", url: tracked.url }]);
    await open(page, `${tracked.url}/contacto`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __gtagLoads?: number }).__gtagLoads ?? 0))
      .toBe(1);
    await page.route("**/contacto*", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
    );
    const form = page.getByRole("form", { name: "Formulario de contacto" });
    await form.getByLabel("Nombre").fill("Ana");
    await form.getByLabel("Email").fill("fallo@example.com");
    await form.getByLabel("Teléfono").fill("600111222");
    await form.getByLabel("Sector").fill("Energía");
    await form.getByLabel("Mensaje").fill("Hola");
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByText("Error al enviar").first()).toBeVisible();
    await settled(page);
    expect(await googleConversions(page)).toEqual([]);
    expect(await metaLeads(page)).toEqual([]);
  });
});

test.describe("withdrawing consent", () => {
  test(
    "from the footer link: the settings show the choice, and turning advertising off stops every event",
    { tag: "@any-width" },
    async ({ context, page }) => {
      const attempts = await recordTrackerRequests(context);
      await context.addCookies([{ name: "cookie_consent", value: "v1.a1.p1", url: tracked.url }]);
      await open(page, `${tracked.url}/contacto`);
      await expect(banner(page)).toBeHidden();
      await expect.poll(() => attempts.length).toBeGreaterThan(0);

      const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Configuración de cookies" });
      await footerLink.click();
      const advertising = banner(page).getByRole("switch", { name: "Cookies publicitarias" });
      await expect(advertising).toBeChecked();
      await expect(banner(page).getByRole("switch", { name: "Cookies analíticas" })).toBeFocused();
      // Escape leaves the settings unchanged and gives focus back to the link.
      await page.keyboard.press("Escape");
      await expect(banner(page)).toBeHidden();
      await expect(footerLink).toBeFocused();

      await footerLink.click();
      await advertising.uncheck();
      const reloaded = page.waitForEvent("load");
      await banner(page).getByRole("button", { name: "Guardar mi selección" }).click();
      await reloaded;
      expect((await consentCookie(context))?.value).toBe("v1.a1.p0");
      await expect(banner(page)).toBeHidden();

      const before = attempts.length;
      await sendContactForm(page, `retirada-${test.info().project.name}`);
      await open(page, `${tracked.url}/mensual`);
      await settled(page);
      expect(attempts.slice(before)).toEqual([]);
      expect(await googleConversions(page)).toEqual([]);
    },
  );
});

test.describe("attribution", () => {
  test(
    "campaign parameters of the landing URL arrive in the payload of a form sent two pages later",
    { tag: "@any-width" },
    async ({ context, page }) => {
      await recordTrackerRequests(context);
      await open(page, `${tracked.url}/?utm_source=google&utm_medium=cpc&utm_campaign=leads-es&gclid=abc123`, {
        referer: "https://www.google.com/search?q=leads",
      });
      await banner(page).getByRole("button", { name: "Rechazar", exact: true }).click();
      const footer = page.getByRole("contentinfo");
      await footer.getByRole("link", { name: "Sectores", exact: true }).click();
      await expect(page).toHaveURL(/\/sectores$/);
      await footer.getByRole("link", { name: "Contacto", exact: true }).click();
      await expect(page).toHaveURL(/\/contacto$/);
      // Without analytics consent the landing's campaign travels in the tab's name (the next test sends the form
      // before the page's script runs); here it is sent once that script is live, as after seconds of typing.
      await waitForHydration(page);
      const marker = `origen-${test.info().project.name}`;
      await sendContactForm(page, marker);
      const payload = await deliveredPayload(marker);
      expect(payload.tipoFormulario).toBe("Contacto General");
      expect(payload.origen).toEqual({
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "leads-es",
        gclid: "abc123",
        paginaEntrada: "/?utm_source=google&utm_medium=cpc&utm_campaign=leads-es&gclid=abc123",
        // Chromium may trim a cross-site referrer to its origin; the query is never kept.
        urlReferencia: expect.stringMatching(/^https:\/\/www\.google\.com\/(search)?$/),
        consentimiento: { elegido: true, analitica: false, publicidad: false },
      });
      // Refused analytics: nothing about the visit was stored on the device.
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("origen_visita");
    },
  );

  test(
    "cookies refused: a form sent two pages later, before that page's script runs, keeps the landing's campaign",
    { tag: "@any-width" },
    async ({ context, page }) => {
      await recordTrackerRequests(context);
      const landing = "/?utm_source=google&utm_campaign=sin-cookies&gclid=gclid-sin-cookies";
      await open(page, `${tracked.url}${landing}`);
      await banner(page).getByRole("button", { name: "Rechazar", exact: true }).click();
      await expect(banner(page)).toBeHidden();
      await open(page, `${tracked.url}/sectores`);
      // On the contact page no script file arrives: only the inline boot script runs, as on a slow phone before
      // the page's own script, and the form goes out as a plain HTML post. The tab's name still holds the landing's
      // campaign (nothing was stored on the device), and the boot script copies it into the form.
      await page.route("**/build/**", (route) =>
        route.request().resourceType() === "script" ? route.abort() : route.fallback(),
      );
      await page.goto(`${tracked.url}/contacto`);
      const form = page.getByRole("form", { name: "Formulario de contacto" });
      await expect(form.locator('input[name="origen"]')).toHaveValue(/gclid-sin-cookies/);
      const marker = `origen-rechazo-sin-script-${test.info().project.name}`;
      await fillAndSend(form, marker);
      const payload = await deliveredPayload(marker);
      expect(payload.origen).toEqual({
        utm_source: "google",
        utm_campaign: "sin-cookies",
        gclid: "gclid-sin-cookies",
        paginaEntrada: landing,
        consentimiento: { elegido: true, analitica: false, publicidad: false },
      });
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("origen_visita");
    },
  );

  test(
    "a form sent right after a full page load, before the app has hydrated, keeps the landing's campaign",
    { tag: "@any-width" },
    async ({ context, page }) => {
      await recordTrackerRequests(context);
      const landing = "/?utm_source=google&utm_campaign=rapido&gclid=gclid-rapido";
      await open(page, `${tracked.url}${landing}`);
      await banner(page).getByRole("button", { name: "Aceptar", exact: true }).click();
      await expect(banner(page)).toBeHidden();
      await page.goto(`${tracked.url}/sectores`);
      // From here on the app's scripts never arrive: the contact page stays as the server sent it, so the
      // form below goes out as a plain HTML post, exactly like one sent before hydration.
      await page.route("**/build/**", (route) => route.abort());
      await page.goto(`${tracked.url}/contacto`);
      const form = page.getByRole("form", { name: "Formulario de contacto" });
      await expect(form.locator('input[name="origen"]')).toHaveValue(/gclid-rapido/);
      const marker = `origen-sin-hidratar-${test.info().project.name}`;
      await fillAndSend(form, marker);
      const payload = await deliveredPayload(marker);
      expect(payload.origen).toEqual({
        utm_source: "google",
        utm_campaign: "rapido",
        gclid: "gclid-rapido",
        paginaEntrada: landing,
        consentimiento: { elegido: true, analitica: true, publicidad: true },
      });
    },
  );

  for (const { button, stored, sentFrom } of [
    { button: "Aceptar", stored: "v1.a1.p1", sentFrom: "/contacto" },
    { button: "Rechazar", stored: "v1.a0.p0", sentFrom: "landing" },
  ] as const) {
    test(
      `'${button}' tapped before the app has loaded: stored at once, banner closed, no page load, the campaign kept`,
      { tag: "@any-width" },
      async ({ context, page }) => {
        const attempts = await recordTrackerRequests(context);
        // The app's scripts never arrive: only the inline boot script runs, as on a slow phone before hydration.
        await page.route("**/build/**", (route) =>
          route.request().resourceType() === "script" ? route.abort() : route.fallback(),
        );
        const landing = `/?utm_source=google&utm_campaign=temprano&gclid=gclid-${button.toLowerCase()}`;
        await page.goto(`${tracked.url}${landing}`);
        await expect(banner(page)).toBeVisible();
        const documentRequests: string[] = [];
        page.on("request", (request) => {
          if (request.isNavigationRequest() || new URL(request.url()).pathname === "/api/consent")
            documentRequests.push(request.url());
        });
        await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
        await banner(page).getByRole("button", { name: button, exact: true }).click();
        await expect(banner(page)).toBeHidden();
        expect((await consentCookie(context))?.value).toBe(stored);
        expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
          true,
        );
        expect(documentRequests).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.classList.contains("cc-open"))).toBe(false);
        // Queued for the tags the app loads later; nothing was fetched from Google or Meta.
        await expect
          .poll(async () => (await consentUpdates(page)).at(-1)?.[2])
          .toMatchObject({
            ad_storage: stored === "v1.a1.p1" ? "granted" : "denied",
            analytics_storage: stored === "v1.a1.p1" ? "granted" : "denied",
          });
        expect(attempts).toEqual([]);

        // With analytics consent the origin survives a full page load to another page; without it, the
        // form of the landing page itself still carries its campaign (nothing stored on the device).
        if (sentFrom === "/contacto") await page.goto(`${tracked.url}/contacto`);
        else expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("origen_visita");
        const marker = `temprano-${button.toLowerCase()}-${test.info().project.name}`;
        await fillAndSend(page.getByRole("form", { name: "Formulario de contacto" }), marker);
        const payload = await deliveredPayload(marker);
        expect(payload.origen).toMatchObject({
          utm_source: "google",
          utm_campaign: "temprano",
          gclid: `gclid-${button.toLowerCase()}`,
          paginaEntrada: landing,
          consentimiento: { elegido: true, analitica: stored === "v1.a1.p1", publicidad: stored === "v1.a1.p1" },
        });
      },
    );
  }

  test(
    "with analytics consent the origin also survives full page loads",
    { tag: "@any-width" },
    async ({ context, page }) => {
      await recordTrackerRequests(context);
      await open(page, `${tracked.url}/sectores/energia?utm_source=meta&utm_campaign=energia&fbclid=fb-1&gbraid=gb-1`);
      await banner(page).getByRole("button", { name: "Configurar" }).click();
      await banner(page).getByRole("switch", { name: "Cookies analíticas" }).check();
      await banner(page).getByRole("button", { name: "Guardar mi selección" }).click();
      await open(page, `${tracked.url}/calculadora`);
      await open(page, `${tracked.url}/contacto`);
      const marker = `origen-recarga-${test.info().project.name}`;
      await sendContactForm(page, marker);
      const payload = await deliveredPayload(marker);
      expect(payload.origen).toEqual({
        utm_source: "meta",
        utm_campaign: "energia",
        fbclid: "fb-1",
        gbraid: "gb-1",
        paginaEntrada: "/sectores/energia?utm_source=meta&utm_campaign=energia&fbclid=fb-1&gbraid=gb-1",
        consentimiento: { elegido: true, analitica: true, publicidad: false },
      });
    },
  );

  test(
    "without JavaScript the campaign parameters of the form's page still arrive",
    { tag: "@any-width" },
    async ({ browser }, testInfo) => {
      const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
      const attempts = await recordTrackerRequests(context);
      const page = await context.newPage();
      await page.goto(`${tracked.url}/contacto?utm_source=facebook&fbclid=fb-xyz`);
      await expect(banner(page)).toBeHidden();
      const marker = `sinjs-${testInfo.project.name}`;
      const form = page.getByRole("form", { name: "Formulario de contacto" });
      await form.getByLabel("Nombre").fill("Ana");
      await form.getByLabel("Email").fill(`${marker}@example.com`);
      await form.getByLabel("Teléfono").fill("600111222");
      await form.getByLabel("Sector").fill("Energía");
      await form.getByLabel("Mensaje").fill("Hola");
      await form.getByRole("button", { name: "Enviar mensaje" }).click();
      const payload = await deliveredPayload(marker);
      expect(payload.origen).toMatchObject({
        utm_source: "facebook",
        fbclid: "fb-xyz",
        paginaEntrada: "/contacto?utm_source=facebook&fbclid=fb-xyz",
        consentimiento: { elegido: false, analitica: false, publicidad: false },
      });

      // The footer link still leads to the cookie policy.
      await page.getByRole("contentinfo").getByRole("link", { name: "Configuración de cookies" }).click();
      await expect(page).toHaveURL(/\/legal#cookies$/);
      await expect(page.locator("#cookies")).toBeVisible();
      expect(attempts).toEqual([]);
      await context.close();
    },
  );
});

test.describe("without tracking ids (the seed's settings)", () => {
  test("'Aceptar' loads nothing and the console says why", { tag: "@any-width" }, async ({ context, page }) => {
    const attempts = await recordTrackerRequests(context);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await open(page, "/");
    await banner(page).getByRole("button", { name: "Aceptar", exact: true }).click();
    await expect(banner(page)).toBeHidden();
    await settled(page);
    expect(attempts).toEqual([]);
    expect(await page.locator('script[src*="googletagmanager"], script[src*="facebook"]').count()).toBe(0);
    expect(warnings.some((text) => /googleAdsId is empty/.test(text))).toBe(true);
    expect(warnings.some((text) => /metaPixelId is empty/.test(text))).toBe(true);
  });
});
