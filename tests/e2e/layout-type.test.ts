import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { e2eSuite, newPhoneContext, open, seedPublishedQuote } from "../support/e2e";

/**
 * Layout and type (issue 28 §3), in English and Dutch, at 375 and 1280 px: words wrap between words
 * in quote tables and the styling preview; the interface keeps one font on every page; the settings
 * tabs on every settings page; the reminder card's label and hint at the card's width; the
 * dashboard's chart shows with the figures, in space kept for it.
 */
const e2e = e2eSuite();

let seeded: Awaited<ReturnType<typeof seedPublishedQuote>>;

beforeAll(async () => {
  seeded = await seedPublishedQuote(e2e.server, { language: "ENG" });
}, 120_000);

async function owner(phone: boolean, locale = "en-US"): Promise<{ context: BrowserContext; page: Page }> {
  const context = phone ? await newPhoneContext(e2e.browser, e2e.server.url, locale) : await newContext(e2e.browser, { baseURL: e2e.server.url, locale });
  await context.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: e2e.server.url, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 });
  return { context, page };
}

/** Words of the quote document laid out on two lines (broken mid-word), e.g. ["Maintenanc|e"]. */
function brokenWords(page: Page): Promise<string[]> {
  return page.getByTestId("quote-document").evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/[\p{L}\p{N}]{2,}/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

const sizes = [
  { label: "375", phone: true },
  { label: "1280", phone: false },
];

describe("layout and type", () => {
  for (const { label, phone } of sizes) {
    for (const locale of ["en-US", "nl-NL"]) {
      const prefix = locale === "nl-NL" ? "/nl" : "";
      it(`quote tables and the styling preview wrap between words (${label} px, ${locale})`, async () => {
        const { context, page } = await owner(phone, locale);
        const found: string[] = [];
        for (const path of [`${prefix}/app/settings/styling`, `${prefix}/app/quotes/mutate/${seeded.quote.id}`]) {
          await open(page, path);
          await page.getByTestId("quote-document").first().waitFor();
          found.push(...(await brokenWords(page)).map((w) => `${path}: ${w}`));
          await e2e.shot(page, `layout-${path.split("/").slice(-1)[0].slice(0, 8)}-${label}-${locale}`);
        }
        await page.goto(seeded.path, { waitUntil: "networkidle" });
        found.push(...(await brokenWords(page)).map((w) => `public quote: ${w}`));
        await context.close();
        expect(found).toEqual([]);
      }, 90_000);
    }
  }

  it("keeps one interface font on every app page (no web font loaded on one page only)", async () => {
    const { context, page } = await owner(false);
    const fonts: Record<string, { family: string; loaded: boolean }> = {};
    for (const path of ["/app", "/app/settings", "/app/settings/styling", "/app/quotes"]) {
      await open(page, path);
      await page.evaluate(() => document.fonts.ready);
      fonts[path] = await page.evaluate(() => {
        const family = getComputedStyle(document.body).fontFamily;
        const first = family
          .split(",")[0]
          .trim()
          .replace(/^["']|["']$/g, "");
        return { family, loaded: [...document.fonts].some((face) => face.family.replace(/^["']|["']$/g, "") === first && face.status === "loaded") };
      });
    }
    await context.close();
    // The same stack everywhere, and its first font is a web font on every page or on none.
    expect(new Set(Object.values(fonts).map((f) => f.family)).size).toBe(1);
    expect(new Set(Object.values(fonts).map((f) => f.loaded)), JSON.stringify(fonts)).toHaveProperty("size", 1);
  }, 60_000);

  for (const { label, phone } of sizes) {
    it(`shows the settings tabs on General, Styling, Team, Billing, Developers, Integrations and Domain (${label} px)`, async () => {
      const { context, page } = await owner(phone);
      const places = new Set<string>();
      for (const [path, tab] of [
        ["/app/settings", "General"],
        ["/app/settings/styling", "Styling"],
        ["/app/settings/team", "Team"],
        ["/app/settings/billing", "Billing"],
        ["/app/settings/developers", "Developers"], // issue 23: owners and admins
        ["/app/settings/integrations", "Integrations"], // issue 24: owners and admins
        ["/app/settings/domain", "Domain"], // issue 25: owners and admins
      ]) {
        await open(page, path);
        const nav = page.getByTestId("settings-nav");
        await nav.waitFor({ timeout: 5000 }).catch(() => undefined);
        expect(await nav.count(), `tabs on ${path}`).toBe(1);
        expect(await nav.getByRole("link").allTextContents()).toEqual(["General", "Styling", "Team", "Billing", "Developers", "Integrations", "Domain"]);
        expect(await nav.locator('[aria-current="page"]').textContent()).toBe(tab);
        // In the same place on every settings page: the tabs do not jump when one is chosen.
        const box = await nav.boundingBox();
        places.add(`${Math.round(box!.x)},${Math.round(box!.y)}`);
      }
      expect([...places]).toHaveLength(1);
      await context.close();
    }, 60_000);

    it(`gives the reminder card's label and hint the card's width (${label} px)`, async () => {
      const { context, page } = await owner(phone);
      await open(page, `/app/quotes/mutate/${seeded.quote.id}`);
      const card = page.getByTestId("reminder-settings");
      await card.waitFor();
      const widths = await card.evaluate((el) => {
        const input = el.querySelector<HTMLInputElement>('input[name="daysBefore"]')!;
        const label = input.labels![0];
        const hint = document.getElementById(input.getAttribute("aria-describedby")!.split(" ")[0])!;
        // The text's own width: the longest line of the label and of the hint.
        const textWidth = (node: Element) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return Math.max(...[...range.getClientRects()].map((r) => r.width));
        };
        const inner = el.clientWidth - Number.parseFloat(getComputedStyle(el).paddingLeft) - Number.parseFloat(getComputedStyle(el).paddingRight);
        return {
          card: inner,
          label: label.getBoundingClientRect().width,
          hint: hint.getBoundingClientRect().width,
          hintText: textWidth(hint),
          input: input.getBoundingClientRect().width,
        };
      });
      await e2e.shot(page, `layout-reminder-${label}`);
      await context.close();
      expect(widths.label).toBeCloseTo(widths.card, 0);
      expect(widths.hint).toBeCloseTo(widths.card, 0);
      // The number field stays narrow.
      expect(widths.input).toBeLessThanOrEqual(128);
    }, 60_000);
  }

  it("shows the dashboard's chart with the figures, in the space kept for it (network at 400 ms a request)", async () => {
    // A customer's view, so that the dashboard has a chart to show.
    const customer = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    });
    const visit = await customer.newPage();
    await visit.goto(seeded.path, { waitUntil: "networkidle" });
    await visit.waitForTimeout(2500);
    await visit.goto("about:blank");
    await new Promise((r) => setTimeout(r, 1000));
    await customer.close();

    const { context, page } = await owner(false);
    await open(page, "/app/quotes"); // the app's code in the cache, as after signing in
    // When the figures and the chart first appear, and the figure's height before and after.
    await page.addInitScript(() => {
      const w = window as unknown as { __seen: Record<string, number>; __heights: number[] };
      w.__seen = {};
      w.__heights = [];
      new MutationObserver(() => {
        for (const id of ["overview-views", "overview-chart"])
          if (!w.__seen[id] && document.querySelector(`[data-testid="${id}"]`)) w.__seen[id] = performance.now();
        const figure = document.querySelector('[data-testid="statistics-overview"] figure');
        if (figure) w.__heights.push(Math.round(figure.getBoundingClientRect().height));
      }).observe(document, { subtree: true, childList: true });
    });
    // The order in which the chart's code is asked for and the figures arrive (Playwright reports
    // the browser's network events in order; cached responses included).
    const order: string[] = [];
    page.on("request", (r) => {
      if (/overview-chart[^/]*\.js/.test(r.url())) order.push("chart requested");
    });
    page.on("response", (r) => {
      if (r.url().endsWith("/graphql") && r.request().postData()?.includes("quoteStatisticsOverview")) order.push("figures arrived");
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: -1 });
    await page.goto("/app");
    await page.getByTestId("overview-chart").waitFor({ timeout: 20_000 });
    await page.waitForTimeout(300);
    const { seen, heights } = await page.evaluate(() => {
      const w = window as unknown as { __seen: Record<string, number>; __heights: number[] };
      return { seen: w.__seen, heights: w.__heights };
    });
    await context.close();
    expect(seen["overview-views"]).toBeGreaterThan(0);
    // The chart's code is fetched beside the figures' query, not after the figures came (which would
    // be one more round trip, 400 ms here, of "Loading the chart…"). Asserted on the order of the
    // requests, not on milliseconds: a loaded machine stretches the rendering, not the order.
    expect(order.indexOf("chart requested"), order.join(" → ")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("chart requested"), order.join(" → ")).toBeLessThan(order.indexOf("figures arrived"));
    expect(seen["overview-chart"]).toBeGreaterThan(0);
    // Nothing below moves: the space kept while the chart loads is the chart's.
    expect(new Set(heights).size, `figure heights ${[...new Set(heights)].join(", ")}`).toBe(1);
  }, 90_000);
});
