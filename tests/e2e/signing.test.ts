import { describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { axeViolations, drawSignature, e2eSuite, newPhoneContext, open, scrollWidth, seedPublishedQuote, toastWithText, watchErrors } from "../support/e2e";

// A customer signing on a phone: a journey a person takes first, on the full Chromium (decision 080).
const e2e = e2eSuite({ browser: "chromium" });

/** An element's text with non-breaking spaces as plain ones (Intl writes "€ 1.210,00" with one). */
const textOf = async (locator: { textContent: () => Promise<string | null> }) => (await locator.textContent())?.replace(/\s/g, " ");

describe("the public quote and signing in a browser", () => {
  it("a customer on a phone, in Dutch, ticks an option, draws a signature and signs; the owner sees it, adds theirs and marks it signed", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "NL" });
    expect(seeded.path.startsWith("/nl/quote/")).toBe(true);
    const context = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const page = await context.newPage();
    const errors = watchErrors(page);
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
    const response = await page.goto(seeded.path, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    // No app bundle: the island only, and signature_pad not before the customer starts signing.
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/island\/quote-[A-Z0-9]+\.js$/);
    await page.getByTestId("quote-document-title").getByText("Nieuwe website").waitFor();
    expect(await page.getByTestId("toc").getByRole("link").allTextContents()).toEqual(["Introductie", "Werk"]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    const total = page.getByTestId("quote-total");
    expect(await textOf(total)).toBe("€ 1.210,00");
    await e2e.shot(page, "public-nl-375");

    // Tick the optional line: the totals follow at once.
    await page.getByRole("checkbox", { name: "Onderhoud 1 meenemen" }).check();
    await expect.poll(() => textOf(total)).toBe("€ 1.391,50");

    // Start signing: signature_pad arrives now.
    await page.getByText("Deze offerte ondertekenen", { exact: true }).first().click();
    await expect.poll(() => scripts.length).toBeGreaterThan(1);
    await page.getByRole("button", { name: "Offerte ondertekenen" }).click();
    await page.getByText("Vul een naam in.").waitFor();
    await page.getByLabel("Je naam", { exact: true }).fill("Daan de Vries");
    await drawSignature(page);
    await page.getByLabel("Ik ga ermee akkoord dat deze elektronische handtekening juridisch bindend is").check();
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "public-nl-375-form");
    await page.getByRole("button", { name: "Offerte ondertekenen" }).click();
    await toastWithText(page, "Handtekening toegevoegd");
    const signature = page.getByTestId("signature").filter({ hasText: "Daan de Vries" });
    await signature.waitFor();
    expect(await signature.locator("img").count()).toBe(1);
    // The page shows the customer's choice after the refetch.
    expect(await textOf(page.getByTestId("quote-total"))).toBe("€ 1.391,50");
    await e2e.shot(page, "public-nl-375-signed");
    expect(errors).toEqual([]);
    await context.close();

    // The owner sees the signature in the app, adds theirs and marks the quote signed.
    const ownerContext = await newContext(e2e.browser, { baseURL: e2e.server.url });
    await ownerContext.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: e2e.server.url, httpOnly: true, sameSite: "Lax" }]);
    const app = await ownerContext.newPage();
    await open(app, `/app/quotes/mutate/${seeded.quote.id}`);
    const panel = app.getByTestId("quote-signing");
    await panel.getByTestId("signature").filter({ hasText: "Daan de Vries" }).waitFor();
    // The read-only preview shows what the customer chose (the option they ticked is counted).
    expect(await textOf(app.getByTestId("quote-total"))).toBe("€ 1.391,50");
    await panel.getByTestId("add-signature").click();
    const form = app.getByTestId("account-signature-form");
    expect(await form.getByLabel("Name", { exact: true }).inputValue()).toBe("Olga Owner");
    await form.getByLabel("Typed signature").fill("Olga Owner");
    await form.getByTestId("save-account-signature").click();
    await toastWithText(app, "Signature added");
    await panel.getByTestId("signature").filter({ hasText: "Olga Owner" }).waitFor();
    await panel.getByTestId("mark-signed").click();
    const dialog = app.getByRole("dialog", { name: "Mark this quote as signed?" });
    await dialog.waitFor();
    await e2e.shot(app, "owner-mark-signed-dialog");
    await dialog.getByRole("button", { name: "Mark as signed" }).click();
    await toastWithText(app, "Quote signed");
    await expect.poll(() => panel.getByTestId("mark-signed").count()).toBe(0);
    await e2e.shot(app, "owner-signed");
    // The customer's link now shows the quote signed, without a form.
    const after = await (await e2e.browser.newContext({ baseURL: e2e.server.url })).newPage();
    await after.goto(seeded.path);
    await after.getByTestId("signed-banner").waitFor();
    expect(await after.getByTestId("signing").count()).toBe(0);
    await ownerContext.close();
  });

  it("an English quote reads in English on a phone, without sideways scrolling or axe violations", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "ENG", blocks: 2, linesPerBlock: 3 });
    const context = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL"); // the quote's language wins over the browser's
    const page = await context.newPage();
    const response = await page.goto(seeded.path, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { name: "Contents" }).waitFor();
    await page.getByText("Sign this quote", { exact: true }).first().waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "public-en-375");

    // The page's totals are the server's until a tick changes (decision 091: no recomputation at
    // start). A tick the browser restores on "back" is not the server's: the island shows its totals.
    const total = page.getByTestId("quote-total");
    const untouched = await textOf(total);
    const option = page.getByRole("checkbox", { name: "Include Onderhoud 1" });
    await option.check();
    await expect.poll(() => textOf(total)).not.toBe(untouched);
    const ticked = await textOf(total);
    await page.goto("/pricing");
    await page.goBack({ waitUntil: "networkidle" });
    expect(await option.isChecked()).toBe(true);
    await expect.poll(() => textOf(total)).toBe(ticked);
    await context.close();
  });

  // The expired page (410) needs a quote published in the past: covered with the production build
  // in tests/integration/public-quote.test.ts ("answers 404 … and 410 …").
  it("shows the not-available page (404) for unknown and unpublished links", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    const missing = await page.goto("/quote/anything/AAAAAAAAAAAAAAAAAAAAAAAA");
    expect(missing?.status()).toBe(404);
    await page.getByText("This quote is not available. Please contact the company that sent it to you.").waitFor();
    const draft = await seedPublishedQuote(e2e.server, { language: "ENG", publish: false });
    const notPublished = await page.goto(draft.path);
    expect(notPublished?.status()).toBe(404);
    await context.close();
  });
});
