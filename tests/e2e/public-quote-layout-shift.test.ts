import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { e2eSuite, seedPublishedQuote, watchErrors } from "../support/e2e";

// On the full Chromium (decision 080): whether a font swap moves the page depends on how the browser
// lays text out, and the headless shell's text differs (its Merriweather swap measured 0.014 here).
const e2e = e2eSuite({ browser: "chromium" });

/**
 * The public quote page does not move while it loads (issue 22 item 3). Layout shifts are summed
 * by a PerformanceObserver installed before the page's first byte (`buffered`, without input: no
 * input happens), while the slow resource is held back by route interception until the page has
 * rendered without it, then let through.
 *
 * The bound, 0.01: the page is meant not to move at all (0 when nothing shifts: the logo's box
 * and the fallback fonts' metrics are known before anything arrives). Sub-pixel rounding scores
 * in the 0.0001s; the smallest real defect scores far above 0.01: one line of text (20 px)
 * pushing half of a 823 px phone viewport down is 0.5 × 20 / 823 ≈ 0.012, the logo wrapping the
 * header's buttons scored 0.05–0.13. (Google's "good" threshold, 0.1, would let the reported bug pass.)
 */
const CLS_BOUND = 0.01;
const PHONE = { width: 412, height: 823 };

const PROSE = [
  "Thank you for your enquiry and for the pleasant conversation last week. Below you will find our proposal for the design and development of your new website, including hosting and maintenance for the first year.",
  "We start with two workshops in which we map out your visitors, their questions and the tasks they come to do. From that we make a sitemap, wireframes for the main pages and a visual design in your house style.",
  "Prices exclude VAT. Payment within 14 days of the invoice date; half of the amount is invoiced when the quote is signed, the rest on delivery. This quote is valid for 30 days.",
];

declare global {
  interface Window {
    __shifts: { value: number; sources: string[] }[];
  }
}

/** A browser profile at 412 px (a mid-range Android phone) that records every layout shift. */
async function phoneContext(): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: PHONE, locale: "en-US", extraHTTPHeaders: { "Accept-Language": "en-US" } });
  await context.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const node = s.node as Element | null | undefined;
          return node
            ? `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ""}${node.getAttribute?.("data-testid") ? `[${node.getAttribute("data-testid")}]` : ""}`
            : "?";
        });
        window.__shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return context;
}

/** Requests matching `pattern` wait until `release()` (then go through unchanged). */
async function holdBack(context: BrowserContext, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await context.route(pattern, async (route) => {
    held.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { release, held };
}

/** Two animation frames: whatever the last change laid out has been painted (and any shift reported). */
const painted = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function uploadLogo(seeded: { cookie: { name: string; value: string }; account: string }, width: number, height: number) {
  const png = await sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("operations", JSON.stringify({ query: "mutation ($file: File!) { updateAccountLogo(file: $file) { id } }", variables: { file: null } }));
  form.append("map", JSON.stringify({ 0: ["variables.file"] }));
  form.append("0", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
  const response = await fetch(`${e2e.server.url}/graphql`, {
    method: "POST",
    headers: { "x-graphql-csrf": "1", cookie: `${seeded.cookie.name}=${seeded.cookie.value}`, account: seeded.account },
    body: form,
  });
  const body = (await response.json()) as { errors?: unknown };
  if (body.errors) throw new Error(`logo upload: ${JSON.stringify(body.errors)}`);
}

async function setFont(seeded: { cookie: { name: string; value: string }; account: string }, textFont: string) {
  const response = await fetch(`${e2e.server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-graphql-csrf": "1", cookie: `${seeded.cookie.name}=${seeded.cookie.value}`, account: seeded.account },
    body: JSON.stringify({ query: "mutation ($i: UpdateAccountStylingInput!) { updateAccountStyling(input: $i) { id } }", variables: { i: { textFont } } }),
  });
  const body = (await response.json()) as { errors?: unknown };
  if (body.errors) throw new Error(`styling: ${JSON.stringify(body.errors)}`);
}

describe("the public quote page does not move while it loads (412 px)", () => {
  it("a wide logo (1200 × 240) that arrives late takes the box the page kept for it", async () => {
    // A short name: before the logo arrives, the print and PDF buttons fit beside it on the first line.
    const seeded = await seedPublishedQuote(e2e.server, {
      language: "ENG",
      company: "Noord",
      blocks: 2,
      closingText: true,
      beforePublish: (s) => uploadLogo(s, 1200, 240),
    });
    const context = await phoneContext();
    const logo = await holdBack(context, /\/files\/logos\//);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(seeded.path, { waitUntil: "domcontentloaded" });
    // Everything but the logo: the fonts are in and laid out, the island has run.
    await page.evaluate(() => document.fonts.ready);
    await page.getByTestId("quote-total").waitFor();
    await painted(page);
    expect(logo.held).toHaveLength(1);

    logo.release();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("[data-testid=public-logo]");
      return img?.complete && img.naturalWidth > 0;
    });
    await painted(page);
    // The logo is shown as before: 48 px high, as wide as its ratio makes it (at most 240 px).
    const box = (await page.getByTestId("public-logo").boundingBox())!;
    expect(Math.round(box.height)).toBe(48);
    expect(Math.round(box.width)).toBe(240);
    const shifts = await page.evaluate(() => window.__shifts);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(CLS_BOUND);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const font of ["INTER", "LATO", "MERRIWEATHER", "PLAYFAIR_DISPLAY"] as const) {
    it(`the ${font} web font that arrives late replaces a fallback of the same metrics`, async () => {
      const seeded = await seedPublishedQuote(e2e.server, { language: "ENG", blocks: 2, closingText: true, publish: false });
      // Prose that wraps over several lines at 412 px, as quotes have: where a fallback's widths differ, lines break elsewhere.
      const { createTextQuoteBlock: prose } = await seeded.gql<{ createTextQuoteBlock: { id: string } }>(
        "mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }",
        {
          q: seeded.quote.id,
          i: {
            name: "Our approach to your new website",
            content: { type: "doc", content: PROSE.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) },
          },
        },
        seeded.account,
      );
      await setFont(seeded, font);
      await seeded.gql("mutation ($id: ID!) { publishQuote(id: $id) { id } }", { id: seeded.quote.id }, seeded.account);
      const context = await phoneContext();
      const fonts = await holdBack(context, /\.woff2?$/);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(seeded.path, { waitUntil: "domcontentloaded" });
      await page.getByTestId("quote-total").waitFor();
      // The customer reads the prose (in view: only shifts inside the viewport count) in the
      // fallback, laid out and painted, while the font files wait.
      await page.locator(`#block-${prose.id}`).evaluate((el) => el.scrollIntoView({ block: "start" }));
      await page.waitForTimeout(300);
      await painted(page);
      expect(fonts.held.length).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.fonts.status)).toBe("loading");

      fonts.release();
      await page.evaluate(() => document.fonts.ready);
      const family = await page.getByTestId("public-quote").evaluate((el) => getComputedStyle(el).fontFamily.split(",")[0].replace(/['"]/g, ""));
      expect(await page.evaluate((f) => document.fonts.check(`16px "${f}"`) && document.fonts.check(`bold 16px "${f}"`), family)).toBe(true);
      await painted(page);
      const shifts = await page.evaluate(() => window.__shifts);
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      expect(total, JSON.stringify(shifts)).toBeLessThan(CLS_BOUND);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
