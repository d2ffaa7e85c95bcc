import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, docusignConnections, docusignEnvelopes, domainEvents, jobs, quoteAuditEvents, quotes } from "../../src/server/db/schema";
import { docusignSession } from "../../src/server/modules/integrations/docusign/docusign.service";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedInAs, signIn } from "../support/auth";
import { type DocuSignStub, startDocuSignStub } from "../support/docusign-stub";
import { pdfText } from "../support/quote-pdf";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";
import { runJobs } from "../support/team";

/**
 * DocuSign (issue 25, decision 059) against the local stub: connect (Authorization Code Grant,
 * userinfo, tokens encrypted, refresh under a row lock), "Send with DocuSign" (the sealed PDF with
 * a sign-here tab anchored at the PDF's "not signed yet" line), DocuSign Connect (HMAC on the raw
 * body; completion → SIGNED with DocuSign's PDF and certificate stored and quote.signed; decline →
 * quote.declined; void → back to published), tampered and replayed callbacks, the plan and the
 * account scoping.
 */
let t: TestApp;
let ds: DocuSignStub;

beforeAll(async () => {
  ds = await startDocuSignStub();
  t = await createTestApp({
    env: {
      DOCUSIGN_CLIENT_ID: ds.app.clientId,
      DOCUSIGN_CLIENT_SECRET: ds.app.clientSecret,
      DOCUSIGN_AUTH_URL: ds.url,
      DOCUSIGN_CONNECT_KEYS: `old-rotated-key,${ds.connectKey}`,
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await ds?.close();
});

type Errors = { errors?: { message: string; extensions?: Record<string, unknown> }[] };
const SETTINGS = "{ docusign { connectAvailable planAllows connectUrl connection { accountName userEmail } } }";
const SEND = "mutation ($id: ID!) { sendQuoteWithDocuSign(id: $id) { envelopeId status signerName signerEmail versionNumber } }";
const QUOTE = `query ($id: ID!) { quote(id: $id) { id status docusignEnvelope { envelopeId status reason signedDocumentUrl certificateUrl } } }`;
const PUBLIC = `query ($nanoId: String!) { publicQuote(nanoId: $nanoId) { quote { status canSign docusignStatus } } }`;
type QuoteRead = {
  quote: {
    status: string;
    docusignEnvelope: { envelopeId: string; status: string; reason: string | null; signedDocumentUrl: string | null; certificateUrl: string | null } | null;
  };
};

async function connect(user: SignedInAs, locale = "en") {
  const start = await t.fetch(`/api/integrations/docusign/connect?account=${user.accountId}&locale=${locale}`, { headers: { cookie: user.cookie } });
  expect(start.status).toBe(302);
  const authorize = start.headers.get("location") ?? "";
  if (!authorize.startsWith(ds.url)) return { authorize, location: authorize };
  const callback = new URL(ds.consent(authorize));
  const back = await t.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: user.cookie } });
  return { authorize, location: back.headers.get("location") ?? "", callback };
}

async function publishedQuote(user: SignedInAs, email: string | null = "inge@klant.example", overrides: Record<string, unknown> = {}) {
  const customer = await createCustomer(t, user, { name: "Klant BV", contactPerson: "Inge de Klant", email });
  const quote = await createQuote(t, user, customer.id, overrides);
  await addBlocks(t, quote.id);
  const published = await transition(t, user, "publishQuote", quote.id);
  expect(published.errors).toBeUndefined();
  return quote;
}

const connectPost = (body: string, headers: Record<string, string>) => t.fetch("/api/webhooks/docusign", { method: "POST", headers, body });

/** "Send with DocuSign", then the send-docusign-envelope job (the request itself only queues it: PREPARING, no envelope id yet). */
async function sendIt(user: SignedInAs, quoteId: string) {
  const sent = await t.gql<{ sendQuoteWithDocuSign: { envelopeId: string | null; status: string; signerName: string; signerEmail: string } }>(
    SEND,
    { id: quoteId },
    user.headers(),
  );
  expect(sent.errors).toBeUndefined();
  expect(sent.data!.sendQuoteWithDocuSign).toMatchObject({ status: "PREPARING", envelopeId: null });
  await runJobs(t);
  const [row] = await t.db.select().from(docusignEnvelopes).where(eq(docusignEnvelopes.quoteId, quoteId)).orderBy(desc(docusignEnvelopes.createdAt)).limit(1);
  return { ...sent.data!.sendQuoteWithDocuSign, status: row.status, envelopeId: row.envelopeId as string, reason: row.reason };
}

describe("Connect DocuSign", () => {
  it("connects with the Authorization Code Grant, keeps the tokens encrypted, and refreshes once under the row lock", async () => {
    const owner = await signIn(t, "owner");
    const before = await t.gql<{ docusign: { connectAvailable: boolean; planAllows: boolean; connectUrl: string; connection: unknown } }>(
      SETTINGS,
      {},
      owner.headers(),
    );
    expect(before.data?.docusign).toMatchObject({ connectAvailable: true, planAllows: true, connection: null });
    const { authorize, location } = await connect(owner, "nl");
    const asked = new URL(authorize);
    expect(asked.pathname).toBe("/oauth/auth");
    expect(asked.searchParams.get("scope")).toBe("signature");
    expect(asked.searchParams.get("redirect_uri")).toBe("http://offerly.test/api/integrations/docusign/callback");
    expect(location).toBe("/nl/app/settings/integrations?docusign=connected");
    expect(ds.tokenRequests.at(-1)).toEqual({ grantType: "authorization_code", status: 200 });
    const after = await t.gql<{ docusign: { connection: { accountName: string; userEmail: string } } }>(SETTINGS, {}, owner.headers());
    expect(after.data?.docusign.connection).toEqual({ accountName: ds.account.name, userEmail: "noor@studio-noord.example" });

    const [row] = await t.db.select().from(docusignConnections).where(eq(docusignConnections.accountId, owner.accountId));
    expect(row.docusignAccountId).toBe(ds.account.id); // the default account of userinfo, not the first
    expect(row.baseUri).toBe(ds.url);
    expect(row.accessTokenEncrypted).not.toContain("ds_access_");
    expect(row.refreshTokenEncrypted).not.toContain("ds_refresh_");

    const fresh = await docusignSession(t.db, t.config, owner.accountId);
    expect(fresh?.accessToken).toMatch(/^ds_access_/);
    const later = new Date(Date.now() + 8 * 3600_000 - 60_000);
    const [a, b] = await Promise.all([
      docusignSession(t.db, t.config, owner.accountId, fetch, later),
      docusignSession(t.db, t.config, owner.accountId, fetch, later),
    ]);
    expect(a?.accessToken).toBe(b?.accessToken);
    expect(a?.accessToken).not.toBe(fresh?.accessToken);
    expect(ds.tokenRequests.filter((r) => r.grantType === "refresh_token")).toHaveLength(1);

    expect((await t.gql<{ disconnectDocuSign: boolean }>("mutation { disconnectDocuSign }", {}, owner.headers())).data?.disconnectDocuSign).toBe(true);
    expect(await docusignSession(t.db, t.config, owner.accountId)).toBeNull();
  });

  it("refuses a foreign state, a used code, a member, and a Starter account (EN and NL)", async () => {
    const owner = await signIn(t, "owner");
    const start = await t.fetch(`/api/integrations/docusign/connect?account=${owner.accountId}`, { headers: { cookie: owner.cookie } });
    const callback = new URL(ds.consent(start.headers.get("location")!));
    const stranger = await signIn(t, "owner");
    const foreign = await t.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: stranger.cookie } });
    expect(foreign.headers.get("location")).toBe("/app/settings/integrations?docusign=error&reason=state");
    expect((await t.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: owner.cookie } })).headers.get("location")).toContain(
      "docusign=connected",
    );
    const used = await t.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: owner.cookie } });
    expect(used.headers.get("location")).toContain("reason=failed&error=invalid_grant");

    const member = await signIn(t, "member", { account: owner });
    const asMember = await t.fetch(`/api/integrations/docusign/connect?account=${owner.accountId}`, { headers: { cookie: member.cookie } });
    expect(asMember.headers.get("location")).toBe("/app/settings/integrations?docusign=error&reason=state");

    const starter = await signIn(t, "owner");
    await t.db
      .update(accounts)
      .set({ subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY", expiredAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(accounts.id, starter.accountId));
    expect((await connect(starter)).location).toBe("/app/settings/integrations?docusign=error&reason=plan");
    const settings = await t.gql<{ docusign: { planAllows: boolean } }>(SETTINGS, {}, starter.headers());
    expect(settings.data?.docusign.planAllows).toBe(false);
    const readiness = await t.gql<{ docusignReadiness: { planAllows: boolean; connected: boolean } }>(
      "{ docusignReadiness { planAllows connected } }",
      {},
      starter.headers(),
    );
    expect(readiness.data?.docusignReadiness).toEqual({ planAllows: false, connected: false });
    const quote = await publishedQuote(starter);
    const en = (await t.gql(SEND, { id: quote.id }, starter.headers())) as Errors;
    expect(en.errors?.[0].message).toBe("This needs the Pro plan (or higher). Upgrade in Settings → Billing.");
    const nl = (await t.gql(SEND, { id: quote.id }, { ...starter.headers(), "accept-language": "nl" })) as Errors;
    expect(nl.errors?.[0].message).toBe("Hiervoor heb je het Pro-abonnement (of hoger) nodig. Upgrade via Instellingen → Facturatie.");
    expect(await t.db.select().from(docusignEnvelopes).where(eq(docusignEnvelopes.accountId, starter.accountId))).toHaveLength(0);
  });
});

describe("Send with DocuSign and Connect", () => {
  let owner: SignedInAs;
  beforeAll(async () => {
    owner = await signIn(t, "owner");
    expect((await connect(owner)).location).toContain("docusign=connected");
  });

  it("sends the sealed PDF with an anchored sign-here tab; the customer's page says so; completion makes the quote SIGNED with DocuSign's documents and quote.signed", async () => {
    const quote = await publishedQuote(owner);
    const sent = await sendIt(owner, quote.id);
    expect(sent).toMatchObject({ status: "SENT", signerName: "Inge de Klant", signerEmail: "inge@klant.example" });
    const request = ds.envelopeRequests.at(-1)!;
    expect(request.body.status).toBe("sent");
    const signer = (request.body.recipients as { signers: { tabs: { signHereTabs: { anchorString: string }[] } }[] }).signers[0];
    expect(signer.tabs.signHereTabs[0].anchorString).toBe("This quote has not been signed yet.");
    expect(request.documentText).toContain("Website redesign");

    // Out with DocuSign: the owner sees it, the customer's page offers no signing of its own, and the server refuses one.
    const read = await t.gql<QuoteRead>(QUOTE, { id: quote.id }, owner.headers());
    expect(read.data?.quote).toMatchObject({ status: "PUBLISHED", docusignEnvelope: { status: "SENT", signedDocumentUrl: null } });
    const pub = await t.gql<{ publicQuote: { quote: { canSign: boolean; docusignStatus: string } } }>(PUBLIC, { nanoId: quote.nanoId });
    expect(pub.data?.publicQuote.quote).toMatchObject({ canSign: false, docusignStatus: "SENT" });
    const sign = (await t.gql(
      `mutation ($nanoId: String!, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { nanoId } }`,
      { nanoId: quote.nanoId, input: { name: "Inge", signatureKind: "TYPED", signature: "Inge", selection: [], consent: true } },
    )) as Errors;
    expect(sign.errors?.[0].message).toBe("This quote is out for signature with DocuSign: please sign it from DocuSign's e-mail.");
    // A second send while out: refused, nothing sent.
    const count = ds.envelopeRequests.length;
    expect(((await t.gql(SEND, { id: quote.id }, owner.headers())) as Errors).errors?.[0].message).toBe(
      "This quote is already out for signature with DocuSign.",
    );
    expect(ds.envelopeRequests).toHaveLength(count);

    // A Connect post with a wrong HMAC: 401, nothing changes (and DocuSign is not even asked).
    ds.complete(sent.envelopeId);
    const genuine = ds.connectPost(sent.envelopeId);
    const tampered = await connectPost(genuine.body.replace('"retryCount":0', '"retryCount":1'), genuine.headers);
    expect(tampered.status).toBe(401);
    const wrongKey = ds.connectPost(sent.envelopeId, { key: "not-our-key" });
    expect((await connectPost(wrongKey.body, wrongKey.headers)).status).toBe(401);
    const unsigned = await connectPost(genuine.body, { "content-type": "application/json" });
    expect(unsigned.status).toBe(401);
    const [still] = await t.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(still.status).toBe("PUBLISHED");

    // The genuine post: SIGNED, DocuSign's PDF and certificate stored, the audit trail and quote.signed.
    expect((await connectPost(genuine.body, genuine.headers)).status).toBe(200);
    const signed = await t.gql<QuoteRead>(QUOTE, { id: quote.id }, owner.headers());
    expect(signed.data?.quote.status).toBe("SIGNED");
    const envelope = signed.data!.quote.docusignEnvelope!;
    expect(envelope.status).toBe("COMPLETED");
    const pdf = await t.fetch(envelope.signedDocumentUrl!, { headers: { cookie: owner.cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(`Signed by Inge de Klant with DocuSign ${sent.envelopeId}`);
    const certificate = await t.fetch(envelope.certificateUrl!, { headers: { cookie: owner.cookie } });
    expect(await pdfText(new Uint8Array(await certificate.arrayBuffer()))).toContain(`Certificate Of Completion Envelope Id: ${sent.envelopeId}`);
    // Another account's member cannot download them.
    const stranger = await signIn(t, "owner");
    expect((await t.fetch(envelope.signedDocumentUrl!, { headers: { cookie: stranger.cookie } })).status).toBe(404);

    const events = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.quoteId, quote.id), eq(domainEvents.type, "quote.signed")));
    expect(events).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(quoteAuditEvents)
      .where(and(eq(quoteAuditEvents.quoteId, quote.id), eq(quoteAuditEvents.event, "MARKED_SIGNED")));
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toEqual({ method: "DocuSign", envelopeId: sent.envelopeId });
    expect(audit[0].actorEmail).toBe("inge@klant.example");

    // A replay of the same post: 200, nothing changes (no second event, same files).
    expect((await connectPost(genuine.body, genuine.headers)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.quoteId, quote.id), eq(domainEvents.type, "quote.signed"))),
    ).toHaveLength(1);
    const again = await t.gql<QuoteRead>(QUOTE, { id: quote.id }, owner.headers());
    expect(again.data?.quote.docusignEnvelope).toEqual(envelope);
    const pubSigned = await t.gql<{ publicQuote: { quote: { status: string; docusignStatus: string } } }>(PUBLIC, { nanoId: quote.nanoId });
    expect(pubSigned.data?.publicQuote.quote).toMatchObject({ status: "SIGNED", docusignStatus: "COMPLETED" });
    // The customer signed at DocuSign: the owner gets the "signed" e-mail, once (the replay added none).
    const mails = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, "send-mail"), sql`${jobs.payload}->>'subject' = ${`Quote ${quote.quoteNumber} was signed`}`));
    expect(mails).toHaveLength(1);
  });

  it("a declined envelope becomes quote.declined with the reason; a voided one goes back to published with the reason", async () => {
    const declinedQuote = await publishedQuote(owner);
    const declined = await sendIt(owner, declinedQuote.id);
    ds.decline(declined.envelopeId, "Prijs te hoog");
    const post = ds.connectPost(declined.envelopeId);
    expect((await connectPost(post.body, post.headers)).status).toBe(200);
    const events = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.quoteId, declinedQuote.id), eq(domainEvents.type, "quote.declined")));
    expect(events).toHaveLength(1);
    expect((events[0].payload as { reason: string }).reason).toBe("Prijs te hoog");
    const read = await t.gql<QuoteRead>(QUOTE, { id: declinedQuote.id }, owner.headers());
    expect(read.data?.quote).toMatchObject({ status: "PUBLISHED", docusignEnvelope: { status: "DECLINED", reason: "Prijs te hoog" } });
    expect((await connectPost(post.body, post.headers)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.quoteId, declinedQuote.id), eq(domainEvents.type, "quote.declined"))),
    ).toHaveLength(1);

    const voidedQuote = await publishedQuote(owner);
    const voided = await sendIt(owner, voidedQuote.id);
    ds.void(voided.envelopeId, "Wrong contact person");
    const voidPost = ds.connectPost(voided.envelopeId);
    expect((await connectPost(voidPost.body, voidPost.headers)).status).toBe(200);
    const back = await t.gql<QuoteRead>(QUOTE, { id: voidedQuote.id }, owner.headers());
    expect(back.data?.quote).toMatchObject({ status: "PUBLISHED", docusignEnvelope: { status: "VOIDED", reason: "Wrong contact person" } });
    const pub = await t.gql<{ publicQuote: { quote: { canSign: boolean; docusignStatus: string } } }>(PUBLIC, { nanoId: voidedQuote.nanoId });
    expect(pub.data?.publicQuote.quote).toMatchObject({ canSign: true, docusignStatus: "VOIDED" });
    // It can be sent again.
    expect((await sendIt(owner, voidedQuote.id)).status).toBe("SENT");
  });

  it("a quote declined on Offerly's page while out is not signed by DocuSign's completion; the documents are kept", async () => {
    const quote = await publishedQuote(owner);
    const sent = await sendIt(owner, quote.id);
    const declined = await t.fetch(`/quote/${quote.slug}/${quote.nanoId}/decline`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "reason=Changed+our+mind",
    });
    expect(declined.status).toBe(303);
    ds.complete(sent.envelopeId);
    const post = ds.connectPost(sent.envelopeId);
    expect((await connectPost(post.body, post.headers)).status).toBe(200);
    const read = await t.gql<QuoteRead>(QUOTE, { id: quote.id }, owner.headers());
    expect(read.data?.quote.status).toBe("PUBLISHED");
    expect(read.data?.quote.docusignEnvelope?.status).toBe("COMPLETED");
    expect(read.data?.quote.docusignEnvelope?.signedDocumentUrl).not.toBeNull();
    expect(
      await t.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.quoteId, quote.id), eq(domainEvents.type, "quote.signed"))),
    ).toHaveLength(0);
  });

  it("sending runs as a job: DocuSign's refusal makes it FAILED with the reason (send again), an outage is retried", async () => {
    const quote = await publishedQuote(owner);
    ds.failNextEnvelope(400, "INVALID_EMAIL_ADDRESS_FOR_RECIPIENT");
    const refused = await sendIt(owner, quote.id);
    expect(refused).toMatchObject({ status: "FAILED", reason: "INVALID_EMAIL_ADDRESS_FOR_RECIPIENT", envelopeId: null });
    // Not out any more: the customer may sign here again, and the owner may send again.
    const pub = await t.gql<{ publicQuote: { quote: { canSign: boolean } } }>(PUBLIC, { nanoId: quote.nanoId });
    expect(pub.data?.publicQuote.quote.canSign).toBe(true);
    ds.failNextEnvelope(503, "SERVICE_UNAVAILABLE");
    const sent = await t.gql<{ sendQuoteWithDocuSign: { status: string } }>(SEND, { id: quote.id }, owner.headers());
    expect(sent.data?.sendQuoteWithDocuSign.status).toBe("PREPARING");
    await runJobs(t);
    // The job failed and waits for its retry: still PREPARING, still out (a second send is refused).
    const [row] = await t.db
      .select()
      .from(docusignEnvelopes)
      .where(eq(docusignEnvelopes.quoteId, quote.id))
      .orderBy(desc(docusignEnvelopes.createdAt))
      .limit(1);
    expect(row).toMatchObject({ status: "PREPARING", envelopeId: null });
    expect(((await t.gql(SEND, { id: quote.id }, owner.headers())) as Errors).errors?.[0].message).toBe(
      "This quote is already out for signature with DocuSign.",
    );
  });

  it("refuses a quote with “pay to accept” (it would be accepted without the payment), EN and NL; a payment offered after signing may be sent", async () => {
    const payFirst = await publishedQuote(owner, "inge@klant.example", { paymentTerms: { mode: "DEPOSIT_PERCENT", percent: "30", payToAccept: true } });
    const en = (await t.gql(SEND, { id: payFirst.id }, owner.headers())) as Errors;
    expect(en.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(en.errors?.[0].message).toContain("DocuSign would accept it without the payment");
    const nl = (await t.gql(SEND, { id: payFirst.id }, { ...owner.headers(), "accept-language": "nl" })) as Errors;
    expect(nl.errors?.[0].message).toContain("zonder betaling geaccepteerd");
    const [none] = await t.db.select().from(docusignEnvelopes).where(eq(docusignEnvelopes.quoteId, payFirst.id));
    expect(none).toBeUndefined();
    // Paying after signing does not make the signature depend on the payment: DocuSign may send it.
    const payAfter = await publishedQuote(owner, "inge@klant.example", { paymentTerms: { mode: "DEPOSIT_PERCENT", percent: "30", payToAccept: false } });
    const sent = (await t.gql(SEND, { id: payAfter.id }, owner.headers())) as Errors;
    expect(sent.errors).toBeUndefined();
  });

  it("is scoped to the account, and refuses a quote without a customer e-mail or not connected", async () => {
    const quote = await publishedQuote(owner);
    const other = await signIn(t, "owner");
    const foreign = (await t.gql(SEND, { id: quote.id }, other.headers())) as Errors;
    expect(foreign.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const notConnected = (await t.gql(SEND, { id: (await publishedQuote(other)).id }, other.headers())) as Errors;
    expect(notConnected.errors?.[0].message).toBe("Connect your DocuSign account first (Settings → Integrations).");
    const noEmail = (await t.gql(SEND, { id: (await publishedQuote(owner, null)).id }, owner.headers())) as Errors;
    expect(noEmail.errors?.[0].message).toContain("has no e-mail address");
    // A Connect post for an envelope of another account's quote changes only that quote; an unknown envelope is acknowledged and ignored.
    const unknown = ds.connectPost((await sendIt(owner, quote.id)).envelopeId);
    const forged = unknown.body.replace(/"envelopeId":"[^"]+"/, '"envelopeId":"00000000-0000-0000-0000-000000000000"');
    const crypto = await import("node:crypto");
    const headers = { ...unknown.headers, "x-docusign-signature-1": crypto.createHmac("sha256", ds.connectKey).update(forged).digest("base64") };
    expect((await connectPost(forged, headers)).status).toBe(200);
  });
});
