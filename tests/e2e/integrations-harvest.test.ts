import { describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { axeViolations, e2eSuite, newPhoneContext, open, scrollWidth, seedPublishedQuote, toastWithText, watchErrors } from "../support/e2e";
import { type HarvestStub, startHarvestStub } from "../support/harvest-stub";

/**
 * Harvest on Settings → Integrations (issue 24, decision 055) in a browser against the production
 * build and a local stub of Harvest's API v2: connecting in English (a wrong token refused with a
 * clear message, then the right one), a quote signed → one client, project and accepted estimate in
 * Harvest and a delivered row on the card; in Dutch on a 375 px phone: connect, state, disconnect
 * after a confirmation.
 */
let stub: HarvestStub;
const e2e = e2eSuite({
  env: async () => {
    stub = await startHarvestStub();
    return { HARVEST_API_URL: stub.url };
  },
});

const SIGN = "mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { status } }";

describe("Harvest on Settings → Integrations", () => {
  it("(en, desktop) refuses a wrong token, connects, and a signed quote becomes a client, a project and an accepted estimate", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "ENG", company: "Harvest Studio" });
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    await context.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: e2e.server.url, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, "/app/settings/integrations");
    const card = page.getByTestId("integration-card-harvest");
    await card.getByRole("heading", { name: "Harvest", exact: true }).waitFor();
    await card.getByTestId("integration-harvest-state").getByText("Not connected").waitFor();

    // Empty fields: the form says what is missing, without asking Harvest.
    const before = stub.requests.length;
    await card.getByTestId("harvest-connect").click();
    await card.getByText("Paste your Harvest personal access token.").waitFor();
    await card.getByText("Fill in your Harvest account ID.").waitFor();
    expect(stub.requests.length).toBe(before);

    // A wrong token: Harvest refuses it and the form says so.
    await card.getByLabel("Personal access token").fill("pat-wrong");
    await card.getByLabel("Account ID").fill(stub.accountId);
    await card.getByLabel("When a quote is signed, create").selectOption("BOTH");
    await card.getByTestId("harvest-connect").click();
    await card.getByText("Harvest refused this token and account ID. Check both and try again.").first().waitFor();
    await card.getByTestId("integration-harvest-state").getByText("Not connected").waitFor();

    // The right one (typed with the keyboard, sent with Enter).
    await card.getByLabel("Personal access token").fill("");
    await card.getByLabel("Personal access token").focus();
    await page.keyboard.type(stub.token);
    await page.keyboard.press("Enter");
    await toastWithText(page, "Connected to Studio Stub");
    await card.getByTestId("integration-harvest-state").getByText("Connected to Studio Stub").waitFor();
    await card.getByTestId("harvest-settings").waitFor();
    expect(await card.getByTestId("harvest-connect-form").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "integrations-harvest-en");

    // The customer signs on the public link (choosing nothing optional; no session: the customer is not a member).
    const signed = await fetch(`${e2e.server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1" },
      body: JSON.stringify({
        query: SIGN,
        variables: {
          nanoId: seeded.quote.nanoId,
          input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [], consent: true },
        },
      }),
    });
    expect(((await signed.json()) as { errors?: unknown }).errors).toBeUndefined();
    // The owner marks it signed in the app.
    await open(page, `/app/quotes/mutate/${seeded.quote.id}`);
    const panel = page.getByTestId("quote-signing");
    await panel.getByTestId("signature").filter({ hasText: "Daan de Vries" }).waitFor();
    await panel.getByTestId("mark-signed").click();
    const dialog = page.getByRole("dialog", { name: "Mark this quote as signed?" });
    await dialog.getByRole("button", { name: "Mark as signed" }).click();
    await toastWithText(page, "Quote signed");
    // Done when the estimate is marked accepted (the last request).
    await expect.poll(() => stub.state.messages.length, { timeout: 30_000 }).toBe(1);
    expect(stub.state.clients.map((c) => c.name)).toEqual(["De Vries BV"]);
    expect(stub.state.projects).toHaveLength(1);
    expect(stub.state.projects[0].name).toMatch(/ — Nieuwe website$/);
    const estimate = stub.state.estimates[0];
    expect(estimate.state).toBe("accepted");
    // The two required lines of 8 × 125.00; the optional one was not chosen.
    expect(estimate.line_items.map((li) => [li.description, li.quantity, li.unit_price])).toEqual([["Ontwerp 1.1", 8, 125]]);
    expect(estimate.amount).toBe(1000);

    // The card's last deliveries show it delivered.
    await open(page, "/app/settings/integrations");
    await expect
      .poll(
        async () => {
          await card.getByTestId("integration-deliveries-refresh").click();
          return card.getByTestId("integration-delivery").first().getAttribute("data-status");
        },
        { timeout: 30_000 },
      )
      .toBe("SUCCEEDED");
    // The one refusal logged is the wrong token's (expected).
    expect(errors.filter((e) => !e.includes("Harvest refused this token"))).toEqual([]);
    await context.close();
  }, 180_000);

  it("(nl, 375 px phone) connects, shows the state in Dutch without sideways scrolling, and disconnects after a confirmation", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "NL", company: "Oogst Studio" });
    const context = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    await context.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: e2e.server.url, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, "/nl/app/settings/integrations");
    const card = page.getByTestId("integration-card-harvest");
    await card.getByTestId("integration-harvest-state").getByText("Niet gekoppeld").waitFor();
    await card.getByLabel("Persoonlijk toegangstoken").fill("pat-wrong");
    await card.getByLabel("Account-ID").fill("abc");
    await card.getByTestId("harvest-connect").click();
    await card.getByText("De account-ID is een getal, bijvoorbeeld 123456.").waitFor();
    await card.getByLabel("Account-ID").fill(stub.accountId);
    await card.getByTestId("harvest-connect").click();
    await card.getByText("Harvest weigerde dit token en deze account-ID. Controleer ze allebei en probeer het opnieuw.").first().waitFor();
    await card.getByLabel("Persoonlijk toegangstoken").fill(stub.token);
    await card.getByLabel("Als een offerte getekend is, maak").selectOption("PROJECT");
    await card.getByTestId("harvest-connect").click();
    await card.getByTestId("integration-harvest-state").getByText("Gekoppeld aan Studio Stub").waitFor();
    await expect.poll(() => card.getByTestId("harvest-settings-create").inputValue()).toBe("PROJECT");
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "integrations-harvest-nl-375");

    // Disconnect asks first.
    await card.getByTestId("integration-disconnect").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Studio Stub ontkoppelen?").waitFor();
    await dialog.getByRole("button", { name: "Ontkoppelen" }).click();
    await card.getByTestId("integration-harvest-state").getByText("Niet gekoppeld").waitFor();
    await card.getByTestId("harvest-connect-form").waitFor();
    // The one refusal logged is the wrong token's (expected).
    expect(errors.filter((e) => !e.includes("Harvest weigerde dit token"))).toEqual([]);
    await context.close();
  }, 180_000);
});
