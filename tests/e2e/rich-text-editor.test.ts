import { beforeAll, describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { e2eSuite, open, seedPublishedQuote } from "../support/e2e";

/**
 * The rich-text editor's toolbar (issue 28 §3): a fast typist (35 ms a key) who clicks Bold, Bullet
 * list or any other formatting button and types at once keeps every key — the first one went to the
 * button while TipTap gave the focus back to the text a frame later ("three" became "hree"). And
 * the focused editor shows the same 2 px outline as every other field.
 */
const e2e = e2eSuite();

let path = "";
let seeded: Awaited<ReturnType<typeof seedPublishedQuote>>;

beforeAll(async () => {
  seeded = await seedPublishedQuote(e2e.server, { language: "ENG", publish: false });
  const { quote } = await seeded.gql<{ quote: { quoteBlocks: { id: string; __typename: string }[] } }>(
    "query ($id: ID!) { quote(id: $id) { quoteBlocks { id __typename } } }",
    { id: seeded.quote.id },
    seeded.account,
  );
  path = `/app/quoteblock/mutate/${seeded.quote.id}/${quote.quoteBlocks.find((b) => b.__typename === "TextQuoteBlock")!.id}`;
}, 120_000);

const BUTTONS = ["Heading", "Subheading", "Bold", "Italic", "Bullet list", "Numbered list"];
const ROUNDS = 6;

describe("rich-text editor", () => {
  it("keeps the first key typed at 35 ms a key right after each toolbar button is clicked", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    await context.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: e2e.server.url, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    await open(page, path);
    const input = page.getByTestId("rich-text-input");
    await input.waitFor();
    const toolbar = page.getByRole("toolbar", { name: "Text formatting" });
    const lost: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, name] of BUTTONS.entries()) {
        // A new paragraph at the end of the text, then the button with the mouse, then the word.
        await input.click();
        await page.keyboard.press("Control+End");
        await page.keyboard.press("Enter");
        // A list or heading from the previous word ends here: Enter on an empty list item leaves it.
        await page.keyboard.press("Enter");
        const word = `three${round}${index}`;
        await toolbar.getByRole("button", { name, exact: true }).click();
        await page.keyboard.type(word, { delay: 35 });
        const text = await input.textContent();
        if (!text?.includes(word)) lost.push(`${name}: typed "${word}", the editor has "${text?.slice(-40)}"`);
        // The button toggled on (pressed) takes its formatting off again for the next round.
        if ((await toolbar.getByRole("button", { name, exact: true }).getAttribute("aria-pressed")) === "true")
          await toolbar.getByRole("button", { name, exact: true }).click();
      }
    }
    expect(lost).toEqual([]);
    await context.close();
  }, 120_000);

  it("outlines the focused editor in 2 px, as every other field", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    await context.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: e2e.server.url, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    await open(page, path);
    const input = page.getByTestId("rich-text-input");
    await input.waitFor();
    // The reference: the 2 px outline every button and link draws under :focus-visible (app.css).
    await page.getByTestId("save-block").focus();
    const field = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { width: style.outlineWidth, style: style.outlineStyle, color: style.outlineColor };
    });
    expect(field).toMatchObject({ width: "2px", style: "solid" });
    await input.focus();
    // The outline is drawn by the editor or a close wrapper of it (the box with the toolbar).
    const drawn = await input.evaluate((el) => {
      for (let node: Element | null = el, depth = 0; node && depth < 4; node = node.parentElement, depth += 1) {
        const style = getComputedStyle(node);
        if (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0)
          return { width: style.outlineWidth, style: style.outlineStyle, color: style.outlineColor };
      }
      return null;
    });
    // As thick and as solid, in the brand colour of app.css's :focus-visible (#2f6fed).
    expect(drawn).toEqual({ width: field.width, style: field.style, color: "rgb(47, 111, 237)" });
    await context.close();
  }, 60_000);
});
