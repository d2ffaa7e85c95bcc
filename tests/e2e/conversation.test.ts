import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { e2eSuite, newPhoneContext, open, pageGql as gql, scrollWidth, signedInApp as signUp, toastWithText, watchErrors } from "../support/e2e";
import { type OutboxMail, outboxFiles, readMail } from "../support/mail";

const e2e = e2eSuite();

/** Waits for the server's job worker to deliver an e-mail to `to` matching `match`. */
async function mailTo(to: string, match: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = outboxFiles(e2e.server.dataDir)
      .map(readMail)
      .find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && match(m));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching e-mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A customer with an e-mail address and a published quote for them; returns the quote. */
async function publishedQuote(page: Page, options: { customer: string; email: string; title: string; language: "ENG" | "NL" }) {
  const { createCustomer } = await gql<{ createCustomer: { id: string } }>(page, "mutation ($input: CustomerInput!) { createCustomer(input: $input) { id } }", {
    input: { name: options.customer, email: options.email },
  });
  const { createQuote } = await gql<{ createQuote: { id: string } }>(page, "mutation ($input: QuoteInput!) { createQuote(input: $input) { id } }", {
    input: {
      name: options.title,
      customerId: createCustomer.id,
      language: options.language,
      currency: "EUR",
      quoteDateAt: "2026-01-01",
      quoteExpirationAt: "2099-12-31",
      signable: true,
    },
  });
  const { publishQuote } = await gql<{ publishQuote: { id: string; url: string; quoteNumber: string } }>(
    page,
    "mutation ($id: ID!) { publishQuote(id: $id) { id url quoteNumber } }",
    { id: createQuote.id },
  );
  return publishQuote;
}

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;

describe("the conversation around a quote", () => {
  it("the owner sends the quote; the customer asks a question on the public page; the owner answers by e-mail", async () => {
    const context: BrowserContext = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signUp(context, e2e.server, "Studio Zuid");
    const errors = watchErrors(page);
    const customerEmail = unique("ann");
    const quote = await publishedQuote(page, { customer: "Ann Customer", email: customerEmail, title: "Garden design", language: "ENG" });

    // Send to customer: the address is filled in from the customer; a personal message.
    await open(page, `/app/quotes/mutate/${quote.id}`);
    await page.getByTestId("send-open").click();
    expect(await page.getByLabel("E-mail address").inputValue()).toBe(customerEmail);
    await page.getByLabel("Personal message (optional)").fill("Hi Ann, here is our proposal for the garden.");
    await page.getByTestId("send-submit").click();
    await toastWithText(page, "E-mail sent");
    await page.getByTestId("conversation-sent").getByText(`Sent to ${customerEmail}`).waitFor();
    const sent = await mailTo(customerEmail, (m) => m.subject === `Quote ${quote.quoteNumber} from Studio Zuid`);
    expect(sent.decoded).toContain(quote.url);
    expect(sent.decoded).toContain("Hi Ann, here is our proposal for the garden.");

    // The customer opens the link from the e-mail and asks a question through the plain form.
    const customerContext = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const customer = await customerContext.newPage();
    await customer.goto(new URL(quote.url).pathname);
    await customer.getByLabel("Ask a question").fill("Can you start in May?");
    await customer.getByTestId("public-question-submit").click();
    await customer.getByTestId("public-conversation-status").getByText("Thank you, your question was sent.").waitFor();
    expect(new URL(customer.url()).searchParams.get("conversation")).toBe("question-sent");
    await e2e.shot(customer, "public-question-sent-desktop");

    // The owner is told by e-mail and sees the question on the quote's page; they answer it.
    const ownerMail = await mailTo("@example.test", (m) => m.subject === `New question on quote ${quote.quoteNumber}`);
    expect(ownerMail.decoded).toContain("Can you start in May?");
    await page.reload();
    const question = page.getByTestId("conversation-question");
    await question.getByText("Can you start in May?").waitFor();
    // In the account's time zone (Europe/Amsterdam, named), not the browser's or the server's UTC (issue 28).
    expect(await question.getByTestId("conversation-time").textContent()).toMatch(/ CES?T$/);
    await question.getByLabel("Answer").fill("Yes, the first week of May works for us.");
    await question.getByTestId("answer-submit").click();
    await toastWithText(page, "Answer sent");
    await question.getByTestId("conversation-answer").getByText("Yes, the first week of May works for us.").waitFor();
    const answer = await mailTo(customerEmail, (m) => m.subject === `Answer to your question about quote ${quote.quoteNumber}`);
    expect(answer.decoded).toContain("Can you start in May?");
    expect(answer.decoded).toContain("Yes, the first week of May works for us.");
    expect(answer.decoded).toContain(quote.url);
    await e2e.shot(page, "owner-conversation-desktop");
    expect(errors).toEqual([]);
    await customerContext.close();
    await context.close();
  });

  it("a customer declines with a reason (in Dutch, at 375 px) and the owner sees Declined with the reason", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, locale: "nl-NL" });
    const page = await signUp(context, e2e.server, "Bureau West", "/nl");
    const quote = await publishedQuote(page, { customer: "Bas Klant", email: unique("bas"), title: "Nieuwe website", language: "NL" });

    const phone = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const customer = await phone.newPage();
    await customer.goto(new URL(quote.url).pathname);
    expect(await customer.getAttribute("html", "lang")).toBe("nl");
    await customer.getByTestId("public-decline").locator("summary").click();
    await customer.getByLabel("Reden (optioneel)").fill("We hebben voor een andere partij gekozen.");
    await customer.getByTestId("public-decline-submit").click();
    await customer.getByTestId("public-conversation-status").getByText("Je hebt deze offerte afgewezen.").waitFor();
    await customer.getByTestId("public-declined").getByText("We hebben voor een andere partij gekozen.").waitFor();
    expect(await customer.getByTestId("public-decline").count()).toBe(0);
    expect(await scrollWidth(customer)).toBeLessThanOrEqual(375);
    await e2e.shot(customer, "public-declined-375-nl");

    // The owner: an e-mail in Dutch, and "Afgewezen" with the reason on the quote page (also at 375 px).
    await mailTo("@example.test", (m) => m.subject === `Offerte ${quote.quoteNumber} is afgewezen`);
    const ownerPhone = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    await ownerPhone.addCookies(await context.cookies());
    const owner = await ownerPhone.newPage();
    await open(owner, `/nl/app/quotes/mutate/${quote.id}`);
    const declined = owner.getByTestId("quote-declined");
    await declined.getByText("Afgewezen", { exact: true }).waitFor();
    await declined.getByText("We hebben voor een andere partij gekozen.").waitFor();
    await owner.getByTestId("conversation-decline").waitFor();
    expect(await owner.getByTestId("send-open").count()).toBe(0); // a declined quote is not sent again
    expect(await scrollWidth(owner)).toBeLessThanOrEqual(375);
    await e2e.shot(owner, "owner-declined-375-nl");

    // The same link cannot be declined twice; signing would be refused (the database's decline guard).
    await customer.goto(`${new URL(quote.url).pathname}?conversation=already-declined`);
    await customer.getByText("Deze offerte is al afgewezen.").waitFor();
    await phone.close();
    await ownerPhone.close();
    await context.close();
  });

  it("the owner switches the reminder on and the notifications off", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signUp(context, e2e.server, "Studio Oost");
    const quote = await publishedQuote(page, { customer: "Cleo", email: unique("cleo"), title: "Logo", language: "ENG" });
    await open(page, `/app/quotes/mutate/${quote.id}`);
    const reminder = page.getByTestId("reminder-settings");
    await reminder.getByTestId("reminder-enabled").check();
    await reminder.getByLabel("Days before the expiration date").fill("5");
    await reminder.getByTestId("reminder-save").click();
    await toastWithText(page, "Reminder saved");
    await reminder
      .getByTestId("reminder-scheduled")
      .getByText(/Next reminder: .*24 Dec 2099|Next reminder: .*2099/)
      .waitFor();

    await open(page, "/app/settings");
    const notifications = page.getByTestId("notification-settings");
    await notifications.getByTestId("notify-quote-responses").uncheck();
    await notifications.getByTestId("notifications-save").click();
    await toastWithText(page, "Saved");
    await page.reload();
    await hydratedCheckbox(page);
    expect(await page.getByTestId("notify-quote-responses").isChecked()).toBe(false);
    await context.close();
  });
});

async function hydratedCheckbox(page: Page) {
  await page.getByTestId("notification-settings").waitFor();
}
