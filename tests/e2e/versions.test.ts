import { describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { axeViolations, e2eSuite, newPhoneContext, open, scrollWidth, seedPublishedQuote, toastWithText, watchErrors } from "../support/e2e";

const e2e = e2eSuite();
const textOf = async (locator: { textContent: () => Promise<string | null> }) => (await locator.textContent())?.replace(/\s/g, " ");

describe("quote versions in a browser (issue 14, decision 032)", () => {
  it("the owner withdraws, edits a price and republishes; the Dutch customer on a phone who saw version 1 sees what changed and signs version 2", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "NL" });

    // The customer opens version 1: this browser remembers it (localStorage, no cookie).
    const customer = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const page = await customer.newPage();
    const errors = watchErrors(page);
    await page.goto(seeded.path, { waitUntil: "networkidle" });
    await page.getByTestId("quote-document-title").waitFor();
    expect(await page.getByTestId("version-changes").count()).toBe(0);
    await expect.poll(() => page.evaluate(() => Object.entries(window.localStorage).find(([key]) => key.startsWith("offerly:quote-version:"))?.[1])).toBe("1");

    // The owner withdraws, changes the price of "Ontwerp 1.1" (€ 125,00 → € 150,00) and publishes again.
    const ownerContext = await newContext(e2e.browser, { baseURL: e2e.server.url });
    await ownerContext.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: e2e.server.url, httpOnly: true, sameSite: "Lax" }]);
    const app = await ownerContext.newPage();
    await open(app, `/app/quotes/mutate/${seeded.quote.id}`);
    await app.getByTestId("withdraw-quote").click();
    await app.getByRole("dialog").getByTestId("confirm-dialog-confirm").click();
    await toastWithText(app, "Quote withdrawn");
    const { quote } = await seeded.gql<{ quote: { quoteBlocks: { id: string; name: string }[] } }>(
      "query ($id: ID!) { quote(id: $id) { quoteBlocks { id name } } }",
      { id: seeded.quote.id },
      seeded.account,
    );
    const work = quote.quoteBlocks.find((b) => b.name === "Werk")!;
    await open(app, `/app/quoteblock/mutate/${seeded.quote.id}/${work.id}`);
    await app.getByTestId("line-item").first().getByLabel("Price").fill("150,00");
    await app.getByTestId("save-block").click();
    await toastWithText(app, "Saved");
    await open(app, `/app/quotes/mutate/${seeded.quote.id}`);
    await app.getByTestId("publish-quote").click();
    await app.getByRole("dialog").getByTestId("confirm-dialog-confirm").click();
    await toastWithText(app, "Quote published");
    // The version history, as the quote's page shows it when opened: two versions; version 1 opens
    // read-only as the customer saw it. (About one CI run in ten this section stayed empty — no data,
    // not loading, no error — when the signing panel's answer came first: its versions, read without
    // their ids, replaced the keyed list in the client's cache. Both read the ids now; the race is
    // reproduced in src/web/graphql/client.test.ts.)
    await open(app, `/app/quotes/mutate/${seeded.quote.id}`);
    const history = app.getByTestId("quote-versions");
    await expect.poll(() => history.getByTestId("quote-version").count(), { timeout: 30_000 }).toBe(2);
    expect(await textOf(history)).toContain("Version 2");
    await e2e.shot(app, "owner-version-history");
    await history.getByRole("link", { name: "Open version 1" }).click();
    const v1 = app.getByTestId("quote-version-view");
    await v1.waitFor();
    expect(await textOf(v1.getByTestId("quote-total"))).toBe("€ 1.210,00");
    await e2e.shot(app, "owner-version-1");

    // The customer comes back: what changed is listed and marked, in Dutch, on a 375 px screen.
    await page.reload({ waitUntil: "networkidle" });
    const banner = page.getByTestId("version-changes");
    await banner.waitFor();
    const bannerText = await textOf(banner);
    expect(bannerText).toContain("Gewijzigd sinds je de offerte bekeek (versie 1 → versie 2)");
    expect(bannerText).toContain("prijs € 125,00 → € 150,00");
    expect(await page.locator('[data-line-id] [data-change="changed"]').count()).toBe(1);
    expect(await textOf(page.getByTestId("line-was"))).toContain("€ 125,00");
    expect(await textOf(page.getByTestId("quote-total"))).toBe("€ 1.452,00");
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "customer-changes-nl-375");

    // They sign: the signature names version 2.
    await page.getByText("Deze offerte ondertekenen", { exact: true }).first().click();
    await page.getByLabel("Je naam", { exact: true }).fill("Daan de Vries");
    await page.getByLabel("Typen").check();
    await page.getByLabel("Typ je naam als handtekening").fill("Daan de Vries");
    await page.getByLabel("Ik ga ermee akkoord dat deze elektronische handtekening juridisch bindend is").check();
    await page.getByRole("button", { name: "Offerte ondertekenen" }).click();
    await toastWithText(page, "Handtekening toegevoegd");
    await page.getByTestId("signature").filter({ hasText: "Daan de Vries" }).waitFor();
    await e2e.shot(page, "customer-signed-v2-nl-375");
    const signed = await seeded.gql<{ quote: { quoteSignatures: { name: string; versionNumber: number }[] } }>(
      "query ($id: ID!) { quote(id: $id) { quoteSignatures { name versionNumber } } }",
      { id: seeded.quote.id },
      seeded.account,
    );
    expect(signed.quote.quoteSignatures).toEqual([{ name: "Daan de Vries", versionNumber: 2 }]);
    expect(errors).toEqual([]);
    await customer.close();
    await ownerContext.close();
  });
  it("the owner's signing panel says when the customer signed an earlier version (EN and NL)", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "NL" });
    // The customer signs version 1 through the API (no session: the owner cannot sign as the customer).
    const response = await fetch(`${e2e.server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1" },
      body: JSON.stringify({
        query: "mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { versionNumber } }",
        variables: {
          nanoId: seeded.quote.nanoId,
          input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [], consent: true, version: 1 },
        },
      }),
    });
    expect(await response.json()).toEqual({ data: { createQuoteSignature: { versionNumber: 1 } } });
    const ownerContext = await newContext(e2e.browser, { baseURL: e2e.server.url });
    await ownerContext.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: e2e.server.url, httpOnly: true, sameSite: "Lax" }]);
    const app = await ownerContext.newPage();
    // Version 1 is current: no remark.
    await open(app, `/app/quotes/mutate/${seeded.quote.id}`);
    await app.getByTestId("signature").filter({ hasText: "Daan de Vries" }).waitFor();
    expect(await app.getByTestId("signature-earlier-version").count()).toBe(0);
    // Withdrawn and published again: the signature is of version 1, the quote is at version 2.
    await seeded.gql("mutation ($id: ID!) { withdrawQuote(id: $id) { id } }", { id: seeded.quote.id }, seeded.account);
    await seeded.gql("mutation ($id: ID!) { publishQuote(id: $id) { id } }", { id: seeded.quote.id }, seeded.account);
    await open(app, `/app/quotes/mutate/${seeded.quote.id}`);
    const remark = app.getByTestId("signature").filter({ hasText: "Daan de Vries" }).getByTestId("signature-earlier-version");
    await remark.waitFor();
    expect(await textOf(remark)).toBe("Signed version 1; the quote has changed since (now version 2).");
    expect(await axeViolations(app)).toEqual([]);
    await open(app, `/nl/app/quotes/mutate/${seeded.quote.id}`);
    await remark.waitFor();
    expect(await textOf(remark)).toBe("Versie 1 ondertekend; de offerte is sindsdien gewijzigd (nu versie 2).");
    await e2e.shot(app, "owner-signature-earlier-version-nl");
    await ownerContext.close();
  });
});
