import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { e2eSuite, newPhoneContext, open, seedPublishedQuote } from "../support/e2e";
import { tabThroughObscured, undersizedTargets } from "../support/focus-visibility";

/**
 * WCAG 2.2 SC 2.4.11/2.4.12 Focus Not Obscured and SC 2.5.8 Target Size on every screen with a sticky
 * or fixed element (issue 28 §2): the block editor's forms (quote and template blocks, text and
 * pricing) with their sticky save bar, and the public quote page with its fixed toast region. Tab
 * goes through each screen at 375 × 812 and 1280 × 800; no focused element may be covered, in part
 * or whole, and on a phone no target may be smaller than 24 × 24 px without the spacing around it.
 */
const e2e = e2eSuite();

let seeded: Awaited<ReturnType<typeof seedPublishedQuote>>;
const screens: { name: string; path: string }[] = [];

beforeAll(async () => {
  seeded = await seedPublishedQuote(e2e.server, { language: "ENG", publish: false, linesPerBlock: 3 });
  const { quote } = await seeded.gql<{ quote: { quoteBlocks: { id: string; __typename: string }[] } }>(
    "query ($id: ID!) { quote(id: $id) { quoteBlocks { id __typename } } }",
    { id: seeded.quote.id },
    seeded.account,
  );
  const block = (type: string) => quote.quoteBlocks.find((b) => b.__typename === type)!.id;
  const paragraph = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
  const line = { vatRate: "21", recurring: false, selected: false };
  const { createPricingTemplateBlock } = await seeded.gql<{ createPricingTemplateBlock: { id: string } }>(
    "mutation ($i: PricingBlockInput!) { createPricingTemplateBlock(input: $i) { id } }",
    {
      i: {
        name: "Website",
        content: paragraph("What we do."),
        pricingUnit: "DAY",
        lineItems: [
          { ...line, name: "Design", price: "125.00", amount: "8", optional: false },
          { ...line, name: "Maintenance", price: "150.00", amount: "1", optional: true },
        ],
      },
    },
    seeded.account,
  );
  const { createTextTemplateBlock } = await seeded.gql<{ createTextTemplateBlock: { id: string } }>(
    "mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { id } }",
    { i: { name: "Terms", content: paragraph("Payment within 30 days.") } },
    seeded.account,
  );
  const published = await seedPublishedQuote(e2e.server, { language: "ENG" });
  screens.push(
    { name: "quote pricing block", path: `/app/quoteblock/mutate/${seeded.quote.id}/${block("PricingQuoteBlock")}` },
    { name: "quote text block", path: `/app/quoteblock/mutate/${seeded.quote.id}/${block("TextQuoteBlock")}` },
    { name: "new quote block", path: `/app/quoteblock/mutate/${seeded.quote.id}` },
    { name: "template pricing block", path: `/app/templates/mutate/${createPricingTemplateBlock.id}` },
    { name: "template text block", path: `/app/templates/mutate/${createTextTemplateBlock.id}` },
    { name: "public quote", path: published.path },
  );
}, 120_000);

async function signedIn(context: BrowserContext) {
  await context.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: e2e.server.url, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

/** Opens a screen: the app's in the interface language; the public quote (an island, not hydrated by React Router) as it is. */
async function show(page: Page, path: string, prefix: string) {
  if (path.startsWith("/app")) await open(page, `${prefix}${path}`);
  else await page.goto(path, { waitUntil: "networkidle" });
}

const viewports = [
  { label: "375", phone: true },
  { label: "1280", phone: false },
];

/**
 * On a phone each screen is loaded once for both criteria: Target Size first (the screen as it
 * loads), then the Tab walk (decision 044, tenth pass: it loaded every screen a second time).
 */
describe("Focus Not Obscured (SC 2.4.11): no Tab stop ends up under a sticky or fixed element; on a phone, Target Size (SC 2.5.8)", () => {
  it("the check itself finds a stop under a fixed bar, also one added during the walk", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 400, height: 300 } });
    const page = await context.newPage();
    const buttons = Array.from({ length: 12 }, (_, i) => `<button style="display:block;height:40px">Button ${i + 1}</button>`).join("");
    // A bar fixed over the bottom 80 px: Tab scrolls a lower button just into view, under it.
    await page.setContent(`<body style="margin:0">${buttons}<div style="position:fixed;bottom:0;left:0;right:0;height:80px;background:#eee">Bar</div></body>`);
    const fixedBar = await tabThroughObscured(page);
    expect(fixedBar.stops).toBe(12);
    expect(fixedBar.obscured.length).toBeGreaterThan(0);
    expect(fixedBar.obscured[0].by).toContain("Bar");
    // Without the bar, nothing is covered; then a bar that a focus handler adds mid-walk is seen.
    await page.setContent(`<body style="margin:0">${buttons}</body>`);
    expect((await tabThroughObscured(page)).obscured).toEqual([]);
    await page.evaluate(() => {
      document.querySelectorAll("button")[4].addEventListener("focus", () => {
        const bar = document.createElement("div");
        bar.textContent = "Late bar";
        bar.setAttribute("style", "position:fixed;bottom:0;left:0;right:0;height:80px;background:#eee");
        document.body.append(bar);
      });
    });
    const lateBar = await tabThroughObscured(page);
    expect(lateBar.obscured.map((o) => o.by)).toContainEqual(expect.stringContaining("Late bar"));
    await context.close();
  });

  for (const { label, phone } of viewports) {
    for (const locale of ["en-US", "nl-NL"]) {
      it(`the block editor's screens at ${label} px (${locale})${phone ? ", with Target Size (SC 2.5.8)" : ""}`, async () => {
        const context = await signedIn(
          phone ? await newPhoneContext(e2e.browser, e2e.server.url, locale) : await newContext(e2e.browser, { baseURL: e2e.server.url, locale }),
        );
        const page = await context.newPage();
        if (!phone) await page.setViewportSize({ width: 1280, height: 800 });
        const prefix = locale === "nl-NL" ? "/nl" : "";
        const found: string[] = [];
        const small: string[] = [];
        for (const screen of screens) {
          await show(page, screen.path, prefix);
          // On a phone, Target Size (SC 2.5.8) on the same load, before Tab moves focus and scroll.
          if (phone) small.push(...(await undersizedTargets(page)).map((t) => `${screen.name}: ${t.element} ${t.width}×${t.height} near ${t.near}`));
          const { stops, obscured } = await tabThroughObscured(page);
          expect(stops, `${screen.name}: Tab reaches the screen's controls`).toBeGreaterThan(3);
          // What a person sees with a line's field focused (the bar where it is stuck), with E2E_SCREENSHOTS.
          if (process.env.E2E_SCREENSHOTS && (await page.getByTestId("line-optional").count()) > 0) {
            await page.evaluate(() => window.scrollTo(0, 0));
            await page.getByTestId("line-optional").last().focus();
            await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/focus-${screen.name.replaceAll(" ", "-")}-${label}-${locale}.png` });
          }
          found.push(...obscured.map((o) => `${screen.name}: ${o.element} ${Math.round(o.covered * 100)} % under ${o.by}`));
        }
        await context.close();
        expect(found, "SC 2.4.11: focused elements under a sticky or fixed element").toEqual([]);
        expect(small, "SC 2.5.8: targets under 24 × 24 px without the spacing").toEqual([]);
      }, 180_000);
    }
  }
});
