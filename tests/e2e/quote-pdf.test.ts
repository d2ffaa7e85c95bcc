import fs from "node:fs";
import type { Download } from "playwright-core";
import { describe, expect, it } from "vitest";
import { verifyPdfSeal } from "../../src/server/pdf";
import { e2eSuite, newPhoneContext, seedPublishedQuote, toastWithText, watchErrors } from "../support/e2e";
import { pdfText } from "../support/quote-pdf";

const e2e = e2eSuite();

async function bytesOf(download: Download): Promise<Uint8Array> {
  const file = await download.path();
  return new Uint8Array(fs.readFileSync(file));
}

/** The text of a PDF with its whitespace collapsed (pdf.js splits lines where the layout wraps). */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("the sealed PDF download from the public page", () => {
  it("the customer chooses an option and signs; the PDF link prepares the file (202, refreshing) and downloads it; once the owner marks it signed the new PDF has the whole evidence and a valid seal", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "ENG", company: "Studio Noord" });
    const context = await newPhoneContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const errors = watchErrors(page);
    expect((await page.goto(seeded.path, { waitUntil: "networkidle" }))?.status()).toBe(200);

    // Ticking an optional line is reported (sendBeacon) once the choice settles: OPTION_CHANGED.
    const reported = page.waitForResponse((r) => r.url().endsWith("/api/quote-options") && r.request().method() === "POST");
    await page.locator("input[data-option]").first().check();
    expect((await reported).status()).toBe(204);

    await page.getByText("Sign this quote", { exact: true }).first().click();
    await page.getByLabel("Your name", { exact: true }).fill("Daan de Vries");
    await page.getByRole("radio", { name: "Type" }).check();
    await page.getByLabel("Type your name as your signature").fill("Daan de Vries");
    await page.getByLabel("I agree that this electronic signature is legally binding").check();
    await page.getByRole("button", { name: "Sign quote" }).click();
    await toastWithText(page, "Signature added");
    await page.getByTestId("signature").filter({ hasText: "Daan de Vries" }).waitFor();

    // The PDF of the quote as it stands (signed by the customer): prepared on first request.
    const firstDownload = page.waitForEvent("download", { timeout: 90_000 });
    await page.getByTestId("pdf-link").click();
    await page.getByRole("heading", { name: "Your PDF is being prepared…" }).waitFor();
    await e2e.shot(page, "pdf-preparing");
    const first = await bytesOf(await firstDownload);
    expect(Buffer.from(first.subarray(0, 5)).toString()).toBe("%PDF-");
    const firstText = flat(await pdfText(first));
    expect(firstText).toContain("Signing certificate");
    expect(firstText).toContain("Option changed");
    expect(firstText).not.toContain("Marked as signed");
    expect(verifyPdfSeal(first)).toMatchObject({ valid: true, coversWholeFile: true });

    // The owner marks the quote signed (the app's dialog is covered by signing.test.ts).
    await seeded.gql("mutation ($id: ID!) { updateQuoteToSigned(id: $id) { id } }", { id: seeded.quote.id }, seeded.account);

    await page.goto(seeded.path, { waitUntil: "networkidle" });
    await page.getByTestId("signed-banner").waitFor();
    await e2e.shot(page, "pdf-public-signed");
    const finalDownload = page.waitForEvent("download", { timeout: 90_000 });
    await page.getByTestId("pdf-link").click();
    const download = await finalDownload;
    expect(download.suggestedFilename()).toMatch(/^\d{4}-\d{4}\.pdf$/);
    const pdf = await bytesOf(download);
    const text = flat(await pdfText(pdf));
    // The certificate page lists the evidence: who, what, when, from where.
    expect(text).toContain("Signing certificate");
    for (const event of ["Published", "Viewed", "Option changed", "Signed", "Marked as signed"]) expect(text).toContain(event);
    expect(text).toContain("Daan de Vries");
    expect(text).toContain("Olga Owner");
    expect(text).toMatch(/Document SHA-256/);
    expect(text).toMatch(/\b[0-9a-f]{64}\b/);
    expect(text).toContain("HeadlessChrome"); // the customer's e2e.browser, as recorded
    const seal = verifyPdfSeal(pdf);
    expect(seal).toMatchObject({ valid: true, coversWholeFile: true, signer: expect.stringContaining("Offerly document seal") });
    // One changed byte breaks it.
    const tampered = pdf.slice();
    tampered[20] ^= 1; // inside the first signed range (the header's binary comment)
    expect(verifyPdfSeal(tampered).valid).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
