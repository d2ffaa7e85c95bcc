import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { enqueue } from "../../src/server/jobs";
import { sendQuoteReminderJob } from "../../src/server/modules/conversation/conversation.jobs";
import { addDaysIso } from "../../src/shared/quotes";
import { todayIso } from "../../src/shared/quote-status";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp, uniqueEmail } from "../support/auth";
import { type OutboxMail, outboxFiles, readMail } from "../support/mail";
import { createCustomer, createQuote, publishOn, transition } from "../support/quotes";
import { runJobs } from "../support/team";

let t: TestApp;
let owner: SignedIn;
let ownerEmail: string;
let customerEmail: string;
let customerId: string;
let ipCounter = 0;

/** Each call gets its own network address unless told otherwise (TRUST_PROXY: the last X-Forwarded-For hop). */
const freshIp = () => `198.51.100.${++ipCounter % 250}`;
const visitor = (ip = freshIp()) => ({ "x-forwarded-for": ip });

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: "true" } });
  ownerEmail = uniqueEmail("owner");
  owner = await signUp(t, { email: ownerEmail, company: "Talk Co" });
  // The owner reads Dutch: the e-mails to them are in Dutch whatever the quote's language.
  await t.db.execute(sql`update users set locale = 'nl' where id = ${owner.userId}`);
  customerEmail = uniqueEmail("customer");
  customerId = (await createCustomer(t, owner, { name: "Ann Customer", email: customerEmail })).id;
});
afterAll(async () => {
  await t.close();
});

const mailsTo = (email: string): OutboxMail[] =>
  outboxFiles(t.dataDir)
    .map(readMail)
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));

async function publishedQuote(overrides: Record<string, unknown> = {}, user: SignedIn = owner, customer = customerId) {
  const quote = await createQuote(t, user, customer, overrides);
  const published = await transition(t, user, "publishQuote", quote.id);
  if (!published.data) throw new Error(JSON.stringify(published.errors));
  return quote;
}

const ASK = "mutation ($n: String!, $q: String!) { askQuoteQuestion(nanoId: $n, question: $q) { question askedAt } }";
const DECLINE = "mutation ($n: String!, $r: String) { declineQuote(nanoId: $n, reason: $r) { declinedAt reason } }";
const CONVERSATION =
  "query ($id: ID!) { quote(id: $id) { status decline { declinedAt reason } reminder { enabled daysBefore sentAt scheduledFor } conversation { id kind text email answer answerEmail answeredAt active } } }";
const ANSWER = "mutation ($id: ID!, $a: String!) { answerQuoteQuestion(id: $id, answer: $a) { id answer answerEmail answeredAt } }";
const SEND = "mutation ($id: ID!, $input: SendQuoteToCustomerInput!) { sendQuoteToCustomer(id: $id, input: $input) { id kind email text } }";
const REMINDER =
  "mutation ($id: ID!, $input: QuoteReminderInput!) { updateQuoteReminder(id: $id, input: $input) { id reminder { enabled daysBefore scheduledFor } } }";

type Conversation = {
  status: string;
  decline: { declinedAt: string; reason: string | null } | null;
  reminder: { enabled: boolean; daysBefore: number; sentAt: string | null; scheduledFor: string | null };
  conversation: {
    id: string;
    kind: string;
    text: string | null;
    email: string | null;
    answer: string | null;
    answerEmail: string | null;
    answeredAt: string | null;
    active: boolean;
  }[];
};
async function conversationOf(quoteId: string, user: SignedIn = owner): Promise<Conversation> {
  const result = await t.gql<{ quote: Conversation }>(CONVERSATION, { id: quoteId }, user.headers());
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.quote;
}

const countRows = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.db, query))[0].n;

describe("questions", () => {
  it("stores a question with its e-mail to the owner (in the owner's language) in one transaction", async () => {
    const quote = await publishedQuote({ name: "Garden design" });
    const asked = await t.gql<{ askQuoteQuestion: { question: string } }>(ASK, { n: quote.nanoId, q: "  Can you start in May?\nThanks  " }, visitor());
    expect(asked.data?.askQuoteQuestion.question).toBe("Can you start in May?\nThanks");
    // Queued with the question, not sent during the request.
    expect(await countRows(sql`select count(*)::int as n from jobs where name = 'send-mail' and status = 'queued' and payload->>'to' = ${ownerEmail}`)).toBe(1);
    await runJobs(t);
    const mail = mailsTo(ownerEmail).find((m) => m.subject === `Nieuwe vraag over offerte ${quote.quoteNumber}`)!;
    expect(mail.decoded).toContain("Can you start in May?");
    expect(mail.decoded).toContain(`/nl/app/quotes/mutate/${quote.id}`);
    const panel = await conversationOf(quote.id);
    expect(panel.conversation).toMatchObject([{ kind: "QUESTION", text: "Can you start in May?\nThanks", answer: null }]);
  });

  it("lets the owner answer once: stored and e-mailed to the customer's contact in the quote's language", async () => {
    for (const [language, subject, label] of [
      ["ENG", "Answer to your question about quote", "Your question:"],
      ["NL", "Antwoord op je vraag over offerte", "Jouw vraag:"],
    ] as const) {
      const quote = await publishedQuote({ language, name: `Answer ${language}` });
      await t.gql(ASK, { n: quote.nanoId, q: `Question in ${language}?` }, visitor());
      const [question] = (await conversationOf(quote.id)).conversation;
      const answered = await t.gql<{ answerQuoteQuestion: { answer: string; answerEmail: string; answeredAt: string } }>(
        ANSWER,
        { id: question.id, a: `Yes, in ${language}.` },
        owner.headers(),
      );
      expect(answered.data?.answerQuoteQuestion).toMatchObject({ answer: `Yes, in ${language}.`, answerEmail: customerEmail });
      const again = await t.gql(ANSWER, { id: question.id, a: "Twice" }, owner.headers());
      expect(again.errors?.[0]).toMatchObject({ message: "This question has already been answered.", extensions: { code: "CONFLICT" } });
      await runJobs(t);
      const mail = mailsTo(customerEmail).find((m) => m.subject === `${subject} ${quote.quoteNumber}`)!;
      expect(mail.decoded).toContain(label);
      expect(mail.decoded).toContain(`Question in ${language}?`);
      expect(mail.decoded).toContain(`Yes, in ${language}.`);
      expect(mail.decoded).toContain(quote.url);
      expect(mail.raw).toMatch(new RegExp(`^Reply-To: .*${ownerEmail.replace(/[.+]/g, "\\$&")}`, "mi"));
      expect((await conversationOf(quote.id)).conversation[0]).toMatchObject({ answer: `Yes, in ${language}.`, answerEmail: customerEmail });
    }
  });

  it("refuses an answer without text, too long, or when the customer has no e-mail address", async () => {
    const noMail = await createCustomer(t, owner, { name: "No mail" });
    const quote = await publishedQuote({}, owner, noMail.id);
    await t.gql(ASK, { n: quote.nanoId, q: "Hello?" }, visitor());
    const [question] = (await conversationOf(quote.id)).conversation;
    expect((await t.gql(ANSWER, { id: question.id, a: "  " }, owner.headers())).errors?.[0].message).toBe("Please type your answer.");
    expect((await t.gql(ANSWER, { id: question.id, a: "x".repeat(100_000) }, owner.headers())).errors?.[0].message).toBe(
      "An answer can be at most 2,000 characters.",
    );
    const refused = await t.gql(ANSWER, { id: question.id, a: "Fine" }, owner.headers());
    expect(refused.errors?.[0].message).toBe("The customer has no e-mail address. Add one to the customer first.");
    expect((await conversationOf(quote.id)).conversation[0].answer).toBeNull();
  });

  it("refuses questions on drafts, withdrawn, expired and signed quotes, and bad text, storing nothing", async () => {
    const draft = await createQuote(t, owner, customerId);
    const withdrawn = await publishedQuote();
    await transition(t, owner, "withdrawQuote", withdrawn.id);
    const expired = await createQuote(t, owner, customerId, { quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-31" });
    await publishOn(t, owner, expired.id, "2026-01-15");
    const signed = await publishedQuote();
    await t.db.execute(sql`update quotes set status = 'SIGNED' where id = ${signed.id}`);
    const cases: [string, string, string][] = [
      [draft.nanoId, "This quote is not available. Please contact the sender.", "NOT_FOUND"],
      [withdrawn.nanoId, "This quote is not available. Please contact the sender.", "NOT_FOUND"],
      ["unknown_link_unknown_link_x", "This quote is not available. Please contact the sender.", "NOT_FOUND"],
      [expired.nanoId, "This quote has expired. Please contact the sender.", "CONFLICT"],
      [signed.nanoId, "This quote has been signed: it can no longer be declined or questioned here.", "CONFLICT"],
    ];
    for (const [nanoId, message, code] of cases) {
      const result = await t.gql(ASK, { n: nanoId, q: "Still valid?" }, visitor());
      expect(result.errors?.[0], nanoId).toMatchObject({ message, extensions: { code } });
      const declined = await t.gql(DECLINE, { n: nanoId, r: "No" }, visitor());
      expect(declined.errors?.[0], nanoId).toMatchObject({ message, extensions: { code } });
    }
    const open = await publishedQuote();
    for (const [question, message] of [
      ["", "Please type your question."],
      ["x".repeat(2001), "A question can be at most 2,000 characters."],
      ["y".repeat(100_000), "A question can be at most 2,000 characters."],
      ["bad\u0000byte", "Remove control characters (such as tabs copied from a spreadsheet)."],
    ]) {
      const result = await t.gql(ASK, { n: open.nanoId, q: question }, visitor());
      expect(result.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      if (!question.includes("\u0000")) expect(result.errors?.[0].message).toBe(message);
    }
    expect((await t.gql(DECLINE, { n: open.nanoId, r: "z".repeat(100_000) }, visitor())).errors?.[0].message).toBe("A reason can be at most 2,000 characters.");
    // In Dutch for a Dutch caller.
    const dutch = await t.gql(ASK, { n: open.nanoId, q: "x".repeat(2001) }, { ...visitor(), "accept-language": "nl" });
    expect(dutch.errors?.[0].message).toBe("Een vraag mag maximaal 2.000 tekens lang zijn.");
    const ids = [draft, withdrawn, expired, signed, open].map((q) => q.id);
    expect(await countRows(sql`select count(*)::int as n from quote_conversation_entries where quote_id in ${ids}`)).toBe(0);
  });

  it("limits questions to 5 per address per hour and 20 per quote per day", async () => {
    const quote = await publishedQuote();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await t.gql(ASK, { n: quote.nanoId, q: `Question ${i}` }, visitor(ip))).errors).toBeUndefined();
    const sixth = await t.gql(ASK, { n: quote.nanoId, q: "Sixth" }, visitor(ip));
    expect(sixth.errors?.[0]).toMatchObject({ extensions: { code: "RATE_LIMITED" } });
    expect(sixth.errors?.[0].message).toMatch(/^Too many messages\. Please try again in \d+ minutes\.$/);
    // Other addresses may still ask, until the quote's own limit.
    for (let i = 5; i < 20; i++) expect((await t.gql(ASK, { n: quote.nanoId, q: `Question ${i}` }, visitor())).errors, `question ${i}`).toBeUndefined();
    expect((await t.gql(ASK, { n: quote.nanoId, q: "One too many" }, visitor())).errors?.[0].extensions?.code).toBe("RATE_LIMITED");
    expect((await conversationOf(quote.id)).conversation).toHaveLength(20);
  });
});

describe("declining", () => {
  it("keeps the quote published, shows it declined with the reason, tells the owner and refuses signing", async () => {
    const quote = await publishedQuote({ name: "Roof repair" });
    const declined = await t.gql<{ declineQuote: { reason: string } }>(DECLINE, { n: quote.nanoId, r: "Too expensive for us." }, visitor());
    expect(declined.data?.declineQuote.reason).toBe("Too expensive for us.");
    const view = await conversationOf(quote.id);
    expect(view).toMatchObject({
      status: "PUBLISHED",
      decline: { reason: "Too expensive for us." },
      conversation: [{ kind: "DECLINE", text: "Too expensive for us.", active: true }],
    });
    await runJobs(t);
    const mail = mailsTo(ownerEmail).find((m) => m.subject === `Offerte ${quote.quoteNumber} is afgewezen`)!;
    expect(mail.decoded).toContain("Too expensive for us.");
    // Twice is refused; the database refuses signing a declined quote.
    expect((await t.gql(DECLINE, { n: quote.nanoId }, visitor())).errors?.[0]).toMatchObject({
      message: "This quote has already been declined.",
      extensions: { code: "CONFLICT" },
    });
    await expect(t.db.execute(sql`update quotes set status = 'SIGNED' where id = ${quote.id}`)).rejects.toThrow();
    expect((await conversationOf(quote.id)).status).toBe("PUBLISHED");
  });

  it("takes no reason, and sends no e-mail when the owners switched it off", async () => {
    const off = await t.gql<{ updateAccountNotifications: { notifyQuoteResponses: boolean } }>(
      "mutation { updateAccountNotifications(notifyQuoteResponses: false) { notifyQuoteResponses } }",
      {},
      owner.headers(),
    );
    expect(off.data?.updateAccountNotifications.notifyQuoteResponses).toBe(false);
    try {
      const quote = await publishedQuote();
      await runJobs(t);
      const before = mailsTo(ownerEmail).length;
      expect((await t.gql<{ declineQuote: { reason: string | null } }>(DECLINE, { n: quote.nanoId }, visitor())).data?.declineQuote.reason).toBeNull();
      await runJobs(t);
      expect(mailsTo(ownerEmail)).toHaveLength(before);
      expect((await conversationOf(quote.id)).decline).toMatchObject({ reason: null });
    } finally {
      await t.gql("mutation { updateAccountNotifications(notifyQuoteResponses: true) { id } }", {}, owner.headers());
    }
  });

  it("counts no more once the quote is withdrawn, changed and published again", async () => {
    const quote = await publishedQuote();
    await t.gql(DECLINE, { n: quote.nanoId, r: "Not now" }, visitor());
    await transition(t, owner, "withdrawQuote", quote.id);
    await transition(t, owner, "publishQuote", quote.id);
    const view = await conversationOf(quote.id);
    expect(view.decline).toBeNull();
    expect(view.conversation).toMatchObject([{ kind: "DECLINE", text: "Not now", active: false }]);
    // The customer may decline the new publication, and the quote can be signed again.
    expect((await t.gql(DECLINE, { n: quote.nanoId, r: "Still no" }, visitor())).errors).toBeUndefined();
  });

  it("limits declines per address", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const quote = await publishedQuote();
      expect((await t.gql(DECLINE, { n: quote.nanoId }, visitor(ip))).errors).toBeUndefined();
    }
    const quote = await publishedQuote();
    expect((await t.gql(DECLINE, { n: quote.nanoId }, visitor(ip))).errors?.[0].extensions?.code).toBe("RATE_LIMITED");
  });
});

describe("the public forms (no JavaScript)", () => {
  const post = (path: string, fields: Record<string, string>, ip = freshIp()) =>
    t.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...visitor(ip) },
      body: new URLSearchParams(fields).toString(),
    });

  it("asks and declines, then redirects back to the quote's page with a status", async () => {
    const quote = await publishedQuote({ language: "NL", name: "Formulier" });
    const path = new URL(quote.url).pathname;
    const asked = await post(`${path}/question`, { question: "Werkt dit zonder JavaScript?" });
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe(`${path}?conversation=question-sent#conversation`);
    // A wrong slug still finds the quote; the redirect goes to the canonical address.
    const declined = await post(`/nl/quote/wrong-slug/${quote.nanoId}/decline`, { reason: "Liever niet" });
    expect(declined.headers.get("location")).toBe(`${path}?conversation=declined#conversation`);
    const again = await post(`${path}/decline`, { reason: "Again" });
    expect(again.headers.get("location")).toBe(`${path}?conversation=already-declined#conversation`);
    expect((await conversationOf(quote.id)).conversation.map((e) => [e.kind, e.text])).toEqual([
      ["QUESTION", "Werkt dit zonder JavaScript?"],
      ["DECLINE", "Liever niet"],
    ]);
  });

  it("answers bad input, closed quotes and bursts with a status, and a 100,000-character post before reading it", async () => {
    const quote = await publishedQuote();
    const path = new URL(quote.url).pathname;
    expect((await post(`${path}/question`, { question: " " })).headers.get("location")).toContain("conversation=question-invalid");
    expect((await post(`${path}/question`, { question: "x".repeat(2001) })).headers.get("location")).toContain("conversation=question-too-long");
    expect((await post(`${path}/decline`, { reason: "x".repeat(2001) })).headers.get("location")).toContain("conversation=reason-too-long");
    const huge = await post(`${path}/question`, { question: "x".repeat(100_000) });
    expect(huge.status).toBe(413);
    const draft = await createQuote(t, owner, customerId);
    expect((await post(`/quote/x/${draft.nanoId}/question`, { question: "Hi" })).headers.get("location")).toBe(
      `/quote/website-redesign/${draft.nanoId}?conversation=closed#conversation`,
    );
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await post(`${path}/question`, { question: `Burst ${i}` }, ip);
    expect((await post(`${path}/question`, { question: "Burst 6" }, ip)).headers.get("location")).toContain("conversation=rate-limited");
    expect(await countRows(sql`select count(*)::int as n from quote_conversation_entries where quote_id = ${quote.id}`)).toBe(5);
  });
});

describe("sending to the customer", () => {
  it("e-mails the link with the personal message in the quote's language, and records it", async () => {
    for (const [language, subject] of [
      ["ENG", "Quote {n} from Talk Co"],
      ["NL", "Offerte {n} van Talk Co"],
    ] as const) {
      const quote = await publishedQuote({ language, name: `Send ${language}` });
      const to = uniqueEmail("send");
      const sent = await t.gql<{ sendQuoteToCustomer: { kind: string; email: string; text: string } }>(
        SEND,
        { id: quote.id, input: { email: ` ${to.toUpperCase()} `, message: "Looking forward to it!" } },
        owner.headers(),
      );
      expect(sent.data?.sendQuoteToCustomer).toEqual({ id: expect.any(String), kind: "SENT", email: to, text: "Looking forward to it!" });
      await runJobs(t);
      const mail = mailsTo(to).find((m) => m.subject === subject.replace("{n}", quote.quoteNumber))!;
      expect(mail.decoded).toContain("Looking forward to it!");
      expect(mail.decoded).toContain(quote.url);
    }
  });

  it("refuses drafts, expired and signed quotes, bad addresses, long messages and bursts", async () => {
    const draft = await createQuote(t, owner, customerId);
    expect((await t.gql(SEND, { id: draft.id, input: { email: customerEmail } }, owner.headers())).errors?.[0].message).toBe(
      "Publish the quote before sending it.",
    );
    const expired = await createQuote(t, owner, customerId, { quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-31" });
    await publishOn(t, owner, expired.id, "2026-01-15");
    expect((await t.gql(SEND, { id: expired.id, input: { email: customerEmail } }, owner.headers())).errors?.[0].extensions?.code).toBe("CONFLICT");
    const signed = await publishedQuote();
    await t.db.execute(sql`update quotes set status = 'SIGNED' where id = ${signed.id}`);
    expect((await t.gql(SEND, { id: signed.id, input: { email: customerEmail } }, owner.headers())).errors?.[0].message).toBe("This quote is already signed.");
    const quote = await publishedQuote();
    expect((await t.gql(SEND, { id: quote.id, input: { email: "not-an-address" } }, owner.headers())).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect((await t.gql(SEND, { id: quote.id, input: { email: customerEmail, message: "m".repeat(100_000) } }, owner.headers())).errors?.[0].message).toBe(
      "A personal message can be at most 2,000 characters.",
    );
    for (let i = 0; i < 5; i++) expect((await t.gql(SEND, { id: quote.id, input: { email: customerEmail } }, owner.headers())).errors).toBeUndefined();
    expect((await t.gql(SEND, { id: quote.id, input: { email: customerEmail } }, owner.headers())).errors?.[0].extensions?.code).toBe("RATE_LIMITED");
  });
});

describe("owner notifications", () => {
  // "E-mail the owners when a customer signs or declines a quote": the customer's signature on the
  // quote's page (quote.signature_added of kind CUSTOMER) is when they hear it, not the owner's
  // "Mark as signed" afterwards (quote.signed). DocuSign's completion: tests/integration/docusign.test.ts.
  const SIGN = "mutation ($n: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $n, input: $input) { nanoId } }";
  const MARK = "mutation ($id: ID!) { updateQuoteToSigned(id: $id) { status } }";
  const signedMails = (quote: { quoteNumber: string }) => mailsTo(ownerEmail).filter((m) => m.subject === `Offerte ${quote.quoteNumber} is ondertekend`);
  const customerSigns = async (quote: { nanoId: string }, name = "Ann Customer") => {
    const signed = await t.gql(SIGN, { n: quote.nanoId, input: { name, signatureKind: "TYPED", signature: name, selection: [], consent: true } }, visitor());
    expect(signed.errors).toBeUndefined();
  };
  const mark = async (quote: { id: string }) => {
    const marked = await t.gql<{ updateQuoteToSigned: { status: string } }>(MARK, { id: quote.id }, owner.headers());
    expect(marked.data?.updateQuoteToSigned.status).toBe("SIGNED");
  };

  it("a customer's signature mails the owners at once, in their language; marking the quote signed afterwards mails nothing more", async () => {
    const quote = await publishedQuote({ name: "Signed soon" });
    await runJobs(t);
    await customerSigns(quote);
    await runJobs(t);
    expect(signedMails(quote)).toHaveLength(1);
    expect(signedMails(quote)[0].decoded).toContain(`Goed nieuws: Acme heeft offerte ${quote.quoteNumber} (Signed soon) ondertekend.`);
    await mark(quote);
    await runJobs(t);
    expect(signedMails(quote)).toHaveLength(1);
  });

  it("a quote the owner marks signed without a customer's signature mails nothing: the owner did it", async () => {
    const quote = await publishedQuote();
    await mark(quote);
    await runJobs(t);
    expect(signedMails(quote)).toHaveLength(0);
  });

  it("respects the account's switch", async () => {
    await t.db.execute(sql`update accounts set notify_quote_responses = false where id = ${owner.accountId}`);
    const quote = await publishedQuote();
    await customerSigns(quote);
    await t.db.execute(sql`update accounts set notify_quote_responses = true where id = ${owner.accountId}`);
    await runJobs(t);
    expect(signedMails(quote)).toHaveLength(0);
  });
});

describe("reminders", () => {
  const due = (quoteId: string) =>
    t.db.execute(sql`update jobs set run_at = now() where name = 'send-quote-reminder' and status = 'queued' and payload->>'quoteId' = ${quoteId}`);
  const queued = (quoteId: string) =>
    queryRows<{ run_at: Date; expiration: string }>(
      t.db,
      sql`select run_at, payload->>'expirationDate' as expiration from jobs where name = 'send-quote-reminder' and status = 'queued' and payload->>'quoteId' = ${quoteId}`,
    );
  const reminderMails = (quote: { quoteNumber: string }) =>
    mailsTo(customerEmail)
      .filter((m) => m.subject.includes(`quote ${quote.quoteNumber}`) || m.subject.includes(`offerte ${quote.quoteNumber}`))
      .filter((m) => /Reminder|Herinnering/.test(m.subject));
  const expiring = (days: number) => ({ quoteDateAt: todayIso(), quoteExpirationAt: addDaysIso(todayIso(), days) });

  it("schedules N days before expiry at 08:00 UTC and sends exactly once, in the quote's language", async () => {
    const quote = await publishedQuote({ ...expiring(10), language: "NL", name: "Herinnering" });
    const set = await t.gql<{ updateQuoteReminder: { reminder: { enabled: boolean; daysBefore: number; scheduledFor: string } } }>(
      REMINDER,
      { id: quote.id, input: { enabled: true, daysBefore: 3 } },
      owner.headers(),
    );
    expect(set.data?.updateQuoteReminder.reminder).toEqual({ enabled: true, daysBefore: 3, scheduledFor: `${addDaysIso(todayIso(), 7)}T08:00:00.000Z` });
    await runJobs(t);
    expect(reminderMails(quote)).toHaveLength(0); // not due yet
    await due(quote.id);
    // A duplicate job (a worker that died and a retry) sends nothing more.
    await enqueue(t.db, sendQuoteReminderJob, { quoteId: quote.id, expirationDate: quote.quoteExpirationAt, daysBefore: 3 });
    await runJobs(t);
    await runJobs(t);
    const mails = reminderMails(quote);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Herinnering: offerte .* van Talk Co verloopt op /);
    expect(mails[0].decoded).toContain(quote.url);
    const view = await conversationOf(quote.id);
    expect(view.reminder).toMatchObject({ enabled: true, sentAt: expect.any(String), scheduledFor: null });
    expect(view.conversation).toMatchObject([{ kind: "REMINDER", email: customerEmail }]);
    // Saving the setting again plans nothing for dates already reminded.
    await t.gql(REMINDER, { id: quote.id, input: { enabled: true, daysBefore: 3 } }, owner.headers());
    expect(await queued(quote.id)).toHaveLength(0);
  });

  it("is rescheduled when the quote is published again with other dates (and may go out for them)", async () => {
    const quote = await publishedQuote(expiring(10));
    await t.gql(REMINDER, { id: quote.id, input: { enabled: true, daysBefore: 2 } }, owner.headers());
    expect((await queued(quote.id))[0].expiration).toBe(addDaysIso(todayIso(), 10));
    await transition(t, owner, "withdrawQuote", quote.id);
    expect(await queued(quote.id)).toHaveLength(0);
    const input = { name: quote.name, customerId, language: "ENG", currency: "EUR", signable: true, ...expiring(20) };
    await t.gql("mutation ($id: ID!, $input: QuoteInput!) { updateQuote(id: $id, input: $input) { id } }", { id: quote.id, input }, owner.headers());
    await transition(t, owner, "publishQuote", quote.id);
    const jobs = await queued(quote.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].expiration).toBe(addDaysIso(todayIso(), 20));
    expect(new Date(jobs[0].run_at).toISOString()).toBe(`${addDaysIso(todayIso(), 18)}T08:00:00.000Z`);
    await due(quote.id);
    await runJobs(t);
    expect(reminderMails(quote)).toHaveLength(1);
  });

  it("is never sent after signing, declining, withdrawal or switching it off", async () => {
    const cases: [string, (quote: { id: string; nanoId: string }) => Promise<unknown>][] = [
      ["signed", (q) => t.db.execute(sql`update quotes set status = 'SIGNED' where id = ${q.id}`)],
      ["declined", (q) => t.gql(DECLINE, { n: q.nanoId }, visitor())],
      ["withdrawn", (q) => transition(t, owner, "withdrawQuote", q.id)],
      ["off", (q) => t.gql(REMINDER, { id: q.id, input: { enabled: false, daysBefore: 3 } }, owner.headers())],
    ];
    for (const [name, change] of cases) {
      const quote = await publishedQuote({ ...expiring(5), name: `Reminder ${name}` });
      await t.gql(REMINDER, { id: quote.id, input: { enabled: true, daysBefore: 3 } }, owner.headers());
      const [job] = await queued(quote.id);
      await change(quote);
      // Whatever the change did to the queue, a stale job that still runs re-checks and does nothing.
      await enqueue(t.db, sendQuoteReminderJob, { quoteId: quote.id, expirationDate: job.expiration, daysBefore: 3 });
      await runJobs(t);
      expect(reminderMails(quote), name).toHaveLength(0);
    }
  });

  it("refuses 0 or 31 days and signed quotes", async () => {
    const quote = await publishedQuote();
    for (const days of [0, 31]) {
      expect((await t.gql(REMINDER, { id: quote.id, input: { enabled: true, daysBefore: days } }, owner.headers())).errors?.[0].message).toBe(
        "Choose 1 to 30 days.",
      );
    }
    await t.db.execute(sql`update quotes set status = 'SIGNED' where id = ${quote.id}`);
    expect((await t.gql(REMINDER, { id: quote.id, input: { enabled: true, daysBefore: 3 } }, owner.headers())).errors?.[0].message).toBe(
      "This quote is signed: it needs no reminder.",
    );
  });
});
