import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorMessages } from "../../src/server/db/ids";
import { accounts, quoteAuditEvents, quoteLineItems, quoteSignatures, quotes } from "../../src/server/db/schema";
import { deleteAccount } from "../../src/server/modules/account-data/account-data.service";
import { loadQuotePdfInput } from "../../src/server/modules/public-quote/pdf-input";
import { documentHash, loadPublicQuote } from "../../src/server/modules/public-quote/public-quote.service";
import { createCustomerSignature, markQuoteSigned } from "../../src/server/modules/public-quote/signing.service";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, publishOn, transition } from "../support/quotes";
import { uploadFile } from "../support/upload";

/** A real 1×1 PNG (magic bytes, IHDR, IDAT, IEND). */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==", "base64");
const PNG_URL = `data:image/png;base64,${TINY_PNG.toString("base64")}`;

const SIGN = `mutation ($nanoId: String, $quoteId: ID, $input: CreateQuoteSignatureInput!) {
  createQuoteSignature(nanoId: $nanoId, quoteId: $quoteId, input: $input) {
    nanoId status canSign totals { oneOff { totalExclVat } }
    quoteSignatures { id kind name signatureKind signature signedAt documentHash }
  }
}`;
const PUBLIC = `query ($nanoId: String!) { publicQuote(nanoId: $nanoId) { status quote {
  nanoId slug name quoteNumber language currency status signable signingAllowed canSign watermark viewerIsMember quoteDateAt quoteExpirationAt
  customer { name companyName content }
  identityAccount { name fileUrl(version: 1) linkColor textColor textFont quoteStreetAndNumber quotePostalCode quoteCity }
  quoteBlocks { id name content pricing { pricingUnit lineItems { id name price amount total optional selected } totals { oneOff { totalExclVat } } } }
  totals { oneOff { totalExclVat totalInclVat } }
  quoteSignatures { id kind name signatureKind signature }
} } }`;
const MARK = "mutation ($id: ID!) { updateQuoteToSigned(id: $id) { id status signedAt quoteSignatures { kind name } } }";

type Signed = {
  createQuoteSignature: {
    status: string;
    totals: { oneOff: { totalExclVat: string } };
    quoteSignatures: { kind: string; name: string; signatureKind: string; signature: string; documentHash: string }[];
  };
};

let t: TestApp;
let owner: SignedIn;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Signing Co", name: "Olga Owner" });
  customerId = (await createCustomer(t, owner)).id;
});
afterAll(async () => {
  await t.close();
});

/** A published quote: the standard blocks (€ 1019.99) plus an optional line "Support" (€ 200.00, not selected). */
async function publishedQuote(user: SignedIn = owner, overrides: Record<string, unknown> = {}, publish = true) {
  const quote = await createQuote(t, user, user === owner ? customerId : (await createCustomer(t, user)).id, overrides);
  const pricing = await addBlocks(t, quote.id);
  const [optional] = await t.db
    .insert(quoteLineItems)
    .values({ blockId: pricing.id, position: 3, name: "Support", priceCents: 20_000, amount: "1", optional: true, selected: false })
    .returning();
  const lines = await t.db.select().from(quoteLineItems).where(eq(quoteLineItems.blockId, pricing.id));
  if (publish) {
    const published = await transition(t, user, "publishQuote", quote.id);
    if (published.errors) throw new Error(JSON.stringify(published.errors));
  }
  return { ...quote, optionalId: optional.id, fixedId: lines.find((l) => !l.optional)!.id };
}

const customerInput = (overrides: Record<string, unknown> = {}) => ({
  name: "Daan de Vries",
  signatureKind: "TYPED",
  signature: "Daan de Vries",
  selection: [],
  consent: true,
  ...overrides,
});
const signAsCustomer = (nanoId: string, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.gql<Signed>(SIGN, { nanoId, input: customerInput(overrides) }, headers);
const auditOf = (quoteId: string) => t.db.select().from(quoteAuditEvents).where(eq(quoteAuditEvents.quoteId, quoteId)).orderBy(quoteAuditEvents.seq);

describe("publicQuote (SPEC §3: quote and status)", () => {
  it("returns the quote as the customer sees it, without internal ids, and the status of other links", async () => {
    const quote = await publishedQuote();
    const result = await t.gql<{ publicQuote: { status: string; quote: Record<string, unknown> & { quoteBlocks: unknown[]; totals: unknown } } }>(PUBLIC, {
      nanoId: quote.nanoId,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.publicQuote).toMatchObject({
      status: "AVAILABLE",
      quote: {
        name: "Website redesign",
        status: "PUBLISHED",
        canSign: true,
        signingAllowed: true,
        watermark: false, // a trial has Pro's features
        viewerIsMember: false,
        customer: { name: "Acme BV" },
        identityAccount: { name: "Signing Co" },
        totals: { oneOff: { totalExclVat: "1019.99" } },
      },
    });
    const json = JSON.stringify(result.data);
    for (const id of [quote.id, owner.accountId!, customerId]) expect(json).not.toContain(id);

    const draft = await publishedQuote(owner, {}, false);
    expect((await t.gql<{ publicQuote: unknown }>(PUBLIC, { nanoId: draft.nanoId })).data?.publicQuote).toEqual({ status: "NOT_AVAILABLE", quote: null });
    expect((await t.gql<{ publicQuote: unknown }>(PUBLIC, { nanoId: "A".repeat(24) })).data?.publicQuote).toEqual({ status: "NOT_AVAILABLE", quote: null });
    const old = await publishedQuote(owner, { quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-31" }, false);
    await publishOn(t, owner, old.id, "2026-01-10");
    expect((await t.gql<{ publicQuote: unknown }>(PUBLIC, { nanoId: old.nanoId })).data?.publicQuote).toEqual({ status: "EXPIRED", quote: null });
  });

  it("tells a signed-in member of the sending account that this is a preview", async () => {
    const quote = await publishedQuote();
    const result = await t.gql<{ publicQuote: { quote: { viewerIsMember: boolean } } }>(PUBLIC, { nanoId: quote.nanoId }, { cookie: owner.cookie });
    expect(result.data?.publicQuote.quote.viewerIsMember).toBe(true);
  });

  it("shows the Offerly watermark below Pro and refuses signing on a plan without it", async () => {
    const starter = await signUp(t, { company: "Starter Co" });
    const quote = await publishedQuote(starter);
    await t.db
      .update(accounts)
      .set({ subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY", expiredAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(accounts.id, starter.accountId!));
    const read = await t.gql<{ publicQuote: { quote: { watermark: boolean; signingAllowed: boolean; canSign: boolean } } }>(PUBLIC, { nanoId: quote.nanoId });
    expect(read.data?.publicQuote.quote).toEqual(expect.objectContaining({ watermark: true, signingAllowed: false, canSign: false }));
    const signed = await signAsCustomer(quote.nanoId);
    expect(signed.errors?.[0]).toMatchObject({ message: expect.stringContaining("Basic"), extensions: { code: "FORBIDDEN" } });
    await t.db.update(accounts).set({ subscriptionPlan: "BASIC" }).where(eq(accounts.id, starter.accountId!));
    const basic = await t.gql<{ publicQuote: { quote: { watermark: boolean; canSign: boolean } } }>(PUBLIC, { nanoId: quote.nanoId });
    expect(basic.data?.publicQuote.quote).toEqual(expect.objectContaining({ watermark: true, canSign: true }));
    await t.db.update(accounts).set({ subscriptionPlan: "PRO" }).where(eq(accounts.id, starter.accountId!));
    expect((await t.gql<{ publicQuote: { quote: { watermark: boolean } } }>(PUBLIC, { nanoId: quote.nanoId })).data?.publicQuote.quote.watermark).toBe(false);
  });
});

describe("the customer signs (createQuoteSignature by nanoId)", () => {
  it("stores the signature with the selection and the hash of what they saw; the quote stays published; the audit trail has it", async () => {
    const quote = await publishedQuote();
    const before = await loadPublicQuote(t.db, quote.nanoId);
    const result = await signAsCustomer(quote.nanoId, { selection: [quote.optionalId] }, { "user-agent": "Test Browser 1.0" });
    expect(result.errors).toBeUndefined();
    const signed = result.data!.createQuoteSignature;
    expect(signed.status).toBe("PUBLISHED");
    // The customer's choice is what the page shows from now on: € 1019.99 + € 200.00.
    expect(signed.totals.oneOff.totalExclVat).toBe("1219.99");
    expect(signed.quoteSignatures).toEqual([
      expect.objectContaining({ kind: "CUSTOMER", name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries" }),
    ]);
    const expected = documentHash(before.view!, [quote.optionalId]);
    expect(signed.quoteSignatures[0].documentHash).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    // A different selection is a different document.
    expect(documentHash(before.view!, [])).not.toBe(expected);
    const [row] = await t.db.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id));
    expect(row).toMatchObject({ selection: [quote.optionalId], userAgent: "Test Browser 1.0", documentHash: expected });
    const audit = await auditOf(quote.id);
    expect(audit.map((a) => a.event)).toEqual(["PUBLISHED", "OPTION_CHANGED", "SIGNED"]);
    expect(audit[0]).toMatchObject({ actorName: "Olga Owner", actorEmail: expect.stringContaining("@example.test") });
    expect(audit[0].documentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(audit[2]).toMatchObject({ actorName: "Daan de Vries", documentHash: expected, userAgent: "Test Browser 1.0" });
    // Several people may sign before the sender marks it signed; every signature names the version (decision 032).
    expect((await signAsCustomer(quote.nanoId, { name: "Eva de Vries", signature: "Eva" })).errors).toBeUndefined();
    expect((await t.db.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id))).map((s) => s.versionNumber)).toEqual([1, 1]);
  });

  it("stores a drawn signature through the files adapter after checking its bytes", async () => {
    const quote = await publishedQuote();
    const result = await signAsCustomer(quote.nanoId, { signatureKind: "DRAWN", signature: PNG_URL });
    expect(result.errors).toBeUndefined();
    const url = result.data!.createQuoteSignature.quoteSignatures[0].signature;
    expect(url).toMatch(/^\/files\/signatures\/[A-Za-z0-9_-]{22}\.png\?q=[A-Za-z0-9_-]+$/); // behind the link: tests/integration/signature-files.test.ts
    const file = await t.fetch(url);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(TINY_PNG));
  });

  it("refuses bad input with clear messages", async () => {
    const quote = await publishedQuote();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "  " }, "Enter a name."],
      [{ consent: false }, "Tick the box to agree that this electronic signature is legally binding."],
      [
        { signatureKind: "DRAWN", signature: `data:image/png;base64,${Buffer.from("GIF89a not a png at all").toString("base64")}` },
        "The drawn signature is not a valid image. Clear it and draw again.",
      ],
      [{ signatureKind: "DRAWN", signature: "data:image/png;base64,???" }, "The drawn signature is not a valid image. Clear it and draw again."],
      [
        { signatureKind: "DRAWN", signature: `data:image/png;base64,${Buffer.concat([TINY_PNG, Buffer.alloc(300 * 1024)]).toString("base64")}` },
        "The drawn signature is too large (at most 200 KB).",
      ],
      [{ selection: [quote.fixedId] }, "Only the optional lines of this quote can be chosen."],
      [{ selection: ["00000000-0000-4000-8000-000000000000"] }, "Only the optional lines of this quote can be chosen."],
    ];
    for (const [input, message] of cases) {
      const result = await signAsCustomer(quote.nanoId, input);
      expect(result.errors?.[0], JSON.stringify(input).slice(0, 80)).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
    }
    // A 5 MB image does not even reach the resolver.
    const huge = await t.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1" },
      body: JSON.stringify({
        query: SIGN,
        variables: {
          nanoId: quote.nanoId,
          input: customerInput({ signatureKind: "DRAWN", signature: `data:image/png;base64,${Buffer.alloc(5 * 1024 * 1024).toString("base64")}` }),
        },
      }),
    });
    expect(huge.status).toBe(413);
    expect(await t.db.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id))).toEqual([]);
  });

  it("answers in Dutch when asked", async () => {
    const quote = await publishedQuote();
    const result = await signAsCustomer(quote.nanoId, { name: "" }, { "accept-language": "nl" });
    expect(result.errors?.[0].message).toBe("Vul een naam in.");
  });

  it("refuses a draft, a withdrawn, an expired, a signed and a non-signable quote, and a signed-in member of the sender", async () => {
    const draft = await publishedQuote(owner, {}, false);
    expect((await signAsCustomer(draft.nanoId)).errors?.[0]).toMatchObject({ message: "This quote is not available.", extensions: { code: "NOT_FOUND" } });

    const withdrawn = await publishedQuote();
    await transition(t, owner, "withdrawQuote", withdrawn.id);
    expect((await signAsCustomer(withdrawn.nanoId)).errors?.[0].extensions?.code).toBe("NOT_FOUND");

    const old = await publishedQuote(owner, { quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-31" }, false);
    await publishOn(t, owner, old.id, "2026-01-10");
    expect((await signAsCustomer(old.nanoId)).errors?.[0]).toMatchObject({
      message: "This quote has expired and can no longer be signed.",
      extensions: { code: "CONFLICT" },
    });

    const done = await publishedQuote();
    expect((await t.gql(MARK, { id: done.id }, owner.headers())).errors).toBeUndefined();
    expect((await signAsCustomer(done.nanoId)).errors?.[0]).toMatchObject({ message: "This quote has already been signed.", extensions: { code: "CONFLICT" } });

    const unsignable = await publishedQuote(owner, { signable: false });
    expect((await signAsCustomer(unsignable.nanoId)).errors?.[0]).toMatchObject({
      message: "This quote does not accept signatures.",
      extensions: { code: "CONFLICT" },
    });

    const quote = await publishedQuote();
    const member = await signIn(t, "member", { account: owner });
    for (const headers of [{ cookie: owner.cookie }, owner.headers(), { cookie: member.cookie }]) {
      expect((await signAsCustomer(quote.nanoId, {}, headers)).errors?.[0]).toMatchObject({
        message: "You are signed in to the account that sent this quote: you cannot sign it as the customer.",
        extensions: { code: "FORBIDDEN" },
      });
    }
    // A signed-in user of another account is just a customer.
    const other = await signUp(t, { company: "Customer Co" });
    expect((await signAsCustomer(quote.nanoId, {}, { cookie: other.cookie })).errors).toBeUndefined();
  });
});

describe("the sender signs and marks signed", () => {
  it("adds the account's signature (typed, drawn, or the default template) with a name and date, then marks the quote signed once", async () => {
    const quote = await publishedQuote();
    const typed = await t.gql<Signed>(
      SIGN,
      { quoteId: quote.id, input: { name: "Olga Owner", signedAt: "2026-11-20", signatureKind: "TYPED", signature: "Olga" } },
      owner.headers(),
    );
    expect(typed.errors).toBeUndefined();
    expect(typed.data?.createQuoteSignature.quoteSignatures).toEqual([
      expect.objectContaining({ kind: "ACCOUNT", name: "Olga Owner", signedAt: "2026-11-20T12:00:00.000Z" }),
    ]);
    const template = await t.gql<{ createTemplateSignature: { id: string } }>(
      "mutation ($input: TemplateSignatureInput!) { createTemplateSignature(input: $input) { id } }",
      { input: { name: "Olga", kind: "DRAWN", signature: PNG_URL, isDefault: true } },
      owner.headers(),
    );
    const fromTemplate = await t.gql<Signed>(
      SIGN,
      { quoteId: quote.id, input: { name: "Olga Owner", signedAt: "2026-11-21", templateSignatureId: template.data!.createTemplateSignature.id } },
      owner.headers(),
    );
    expect(fromTemplate.errors).toBeUndefined();
    const drawn = fromTemplate.data!.createQuoteSignature.quoteSignatures[1];
    expect(drawn).toMatchObject({ signatureKind: "DRAWN", signature: expect.stringMatching(/^\/files\/signatures\//) });
    // A copy: deleting the template keeps the quote's evidence.
    await t.gql("mutation ($id: ID!) { deleteTemplateSignature(id: $id) }", { id: template.data!.createTemplateSignature.id }, owner.headers());
    expect((await t.fetch(drawn.signature, { headers: { cookie: owner.cookie } })).status).toBe(200);
    // Refusals: no signature, a bad date, another account's template.
    expect((await t.gql(SIGN, { quoteId: quote.id, input: { name: "Olga", signedAt: "2026-11-21" } }, owner.headers())).errors?.[0].message).toBe(
      "Draw or type a signature.",
    );
    expect(
      (await t.gql(SIGN, { quoteId: quote.id, input: { name: "Olga", signedAt: "21-11-2026", signatureKind: "TYPED", signature: "O" } }, owner.headers()))
        .errors?.[0].message,
    ).toBe("Enter a valid date.");

    const marked = await t.gql<{ updateQuoteToSigned: { status: string; signedAt: string } }>(MARK, { id: quote.id }, owner.headers());
    expect(marked.errors).toBeUndefined();
    expect(marked.data?.updateQuoteToSigned.status).toBe("SIGNED");
    const again = await t.gql(MARK, { id: quote.id }, owner.headers());
    expect(again.errors?.[0]).toMatchObject({ message: "This quote has already been signed.", extensions: { code: "CONFLICT" } });
    expect(
      (await t.gql(SIGN, { quoteId: quote.id, input: { name: "Late", signedAt: "2026-11-22", signatureKind: "TYPED", signature: "L" } }, owner.headers()))
        .errors?.[0].extensions?.code,
    ).toBe("CONFLICT");
    const events = (await auditOf(quote.id)).map((a) => a.event);
    expect(events).toEqual(["PUBLISHED", "SIGNED", "SIGNED", "MARKED_SIGNED"]);
    // The public link of a signed quote stays available, shows it signed, and accepts no signature.
    const read = await t.gql<{ publicQuote: { status: string; quote: { status: string; canSign: boolean } } }>(PUBLIC, { nanoId: quote.nanoId });
    expect(read.data?.publicQuote).toMatchObject({ status: "AVAILABLE", quote: { status: "SIGNED", canSign: false } });
  });

  it("refuses marking a draft signed, and signing or marking as a visitor", async () => {
    const draft = await publishedQuote(owner, {}, false);
    expect((await t.gql(MARK, { id: draft.id }, owner.headers())).errors?.[0]).toMatchObject({
      message: "Only a published quote can be marked as signed.",
      extensions: { code: "CONFLICT" },
    });
    expect(
      (await t.gql(SIGN, { quoteId: draft.id, input: { name: "O", signedAt: "2026-11-21", signatureKind: "TYPED", signature: "O" } }, owner.headers()))
        .errors?.[0].extensions?.code,
    ).toBe("CONFLICT");
    expect((await t.gql(MARK, { id: draft.id })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(
      (await t.gql(SIGN, { quoteId: draft.id, input: { name: "O", signedAt: "2026-11-21", signatureKind: "TYPED", signature: "O" } })).errors?.[0].extensions
        ?.code,
    ).toBe("UNAUTHENTICATED");
  });
});

describe("races and the database's own guards", () => {
  it("50 concurrent customer signatures and 5 'mark signed' calls: exactly one SIGNED transition, no duplicate or lost audit rows", async () => {
    const quote = await publishedQuote();
    const actor = { userId: owner.userId, name: "Olga Owner", email: "olga@example.test" };
    const evidence = { ip: "203.0.113.9", userAgent: "race" };
    const results = await Promise.allSettled([
      ...Array.from({ length: 50 }, (_, i) =>
        createCustomerSignature(
          { db: t.db, files: t.files },
          quote.nanoId,
          { name: `Signer ${i}`, signatureKind: "TYPED", signature: `S${i}`, selection: [], consent: true },
          { viewerUserId: null, evidence },
        ).then(() => "signed"),
      ),
      ...Array.from({ length: 5 }, () =>
        markQuoteSigned(t.db, owner.accountId!, quote.id, { actor, evidence, publicUrl: "http://localhost" }).then(() => "marked"),
      ),
    ]);
    const fulfilled = results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<string>).value);
    const rejected = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as { messageKey?: string });
    expect(fulfilled.filter((v) => v === "marked")).toHaveLength(1);
    expect(rejected.every((e) => e.messageKey === "signing:errors.alreadySigned")).toBe(true);
    const [row] = await t.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(row.status).toBe("SIGNED");
    const signatures = await t.db.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id));
    const audit = await auditOf(quote.id);
    expect(signatures).toHaveLength(fulfilled.filter((v) => v === "signed").length);
    expect(audit.filter((a) => a.event === "MARKED_SIGNED")).toHaveLength(1);
    expect(audit.filter((a) => a.event === "SIGNED")).toHaveLength(signatures.length);
    expect(new Set(audit.filter((a) => a.event === "SIGNED").map((a) => a.actorName))).toEqual(new Set(signatures.map((s) => s.name)));
    // Every signature was placed before the quote was marked signed.
    const markedAt = audit.find((a) => a.event === "MARKED_SIGNED")!.at.getTime();
    for (const s of audit.filter((a) => a.event === "SIGNED")) expect(s.at.getTime()).toBeLessThanOrEqual(markedAt);
  });

  it("refuses UPDATE, DELETE and TRUNCATE of the audit trail and the signatures in raw SQL; a signature on a draft", async () => {
    const quote = await publishedQuote();
    await signAsCustomer(quote.nanoId);
    const attempts = [
      sql`update quote_audit_events set actor_name = 'forged' where quote_id = ${quote.id}`,
      sql`delete from quote_audit_events where quote_id = ${quote.id}`,
      sql`truncate quote_audit_events`,
      sql`update quote_signatures set name = 'forged' where quote_id = ${quote.id}`,
      sql`delete from quote_signatures where quote_id = ${quote.id}`,
      sql`truncate quote_signatures`,
    ];
    for (const statement of attempts) {
      const refusal = await t.db.execute(statement).then(
        () => "accepted",
        (error: unknown) => errorMessages(error),
      );
      expect(refusal, String(statement.queryChunks[0])).toMatch(/offerly:append_only/);
    }
    expect((await auditOf(quote.id)).map((a) => a.actorName)).not.toContain("forged");
    const draft = await publishedQuote(owner, {}, false);
    await expect(
      t.db
        .insert(quoteSignatures)
        .values({ accountId: owner.accountId!, quoteId: draft.id, kind: "CUSTOMER", name: "X", signatureKind: "TYPED", signature: "X", signedAt: new Date() }),
    ).rejects.toThrow();
  });

  it("still lets a withdrawn draft and a whole account be deleted, with their evidence", async () => {
    const quote = await publishedQuote();
    await transition(t, owner, "withdrawQuote", quote.id);
    const deleted = await t.gql("mutation ($id: ID!) { deleteQuote(id: $id) }", { id: quote.id }, owner.headers());
    expect(deleted.errors).toBeUndefined();
    expect(await auditOf(quote.id)).toEqual([]);

    const leaving = await signUp(t, { company: "Leaving Co" });
    const signed = await publishedQuote(leaving);
    await signAsCustomer(signed.nanoId, { signatureKind: "DRAWN", signature: PNG_URL });
    await t.gql(MARK, { id: signed.id }, leaving.headers());
    expect(await deleteAccount(t.db, leaving.accountId!, "Leaving Co")).toBe(true);
    expect(await auditOf(signed.id)).toEqual([]);
    expect(await t.db.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, signed.id))).toEqual([]);
  });
});

describe("rate limits", () => {
  it("limits signing per address", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: "true" }, database: t.database });
    const quote = await publishedQuote();
    const headers = { "content-type": "application/json", "x-graphql-csrf": "1", "x-forwarded-for": "198.51.100.7" };
    let limited = 0;
    for (let i = 0; i < 22; i += 1) {
      const response = await proxied.fetch("/graphql", {
        method: "POST",
        headers,
        body: JSON.stringify({ query: SIGN, variables: { nanoId: quote.nanoId, input: customerInput({ name: "" }) } }),
      });
      const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
      if (body.errors?.[0].extensions?.code === "RATE_LIMITED") limited += 1;
    }
    expect(limited).toBe(2);
    await proxied.close();
  });
});

describe("loadQuotePdfInput", () => {
  it("builds the PDF's input from the read model: document, logo bytes, signatures with their drawings, the evidence oldest first", async () => {
    const quote = await publishedQuote();
    const logo = await uploadFile(
      t,
      "mutation ($file: File!) { updateAccountLogo(file: $file) { id } }",
      { bytes: TINY_PNG, name: "logo.png", type: "image/png" },
      owner.headers(),
    );
    expect(logo.errors).toBeUndefined();
    await signAsCustomer(quote.nanoId, { signatureKind: "DRAWN", signature: PNG_URL, selection: [quote.optionalId] });
    await t.gql(MARK, { id: quote.id }, owner.headers());
    const input = await loadQuotePdfInput(t.db, quote.id, { accountId: owner.accountId!, files: t.files, publicUrl: "https://offerly.test" });
    expect(input).toMatchObject({
      language: "ENG",
      publicUrl: `https://offerly.test/quote/website-redesign/${quote.nanoId}`,
      document: { quoteNumber: quote.quoteNumber, totals: { oneOff: { totalExclVat: "1219.99" } } },
      account: { name: "Signing Co" },
      watermark: false,
    });
    expect(input.account.logo?.contentType).toMatch(/^image\//);
    expect(input.account.logo?.bytes.byteLength).toBeGreaterThan(0);
    expect(input.signatures).toEqual([
      expect.objectContaining({ kind: "CUSTOMER", name: "Daan de Vries", typed: null, documentHash: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    expect(Buffer.from(input.signatures[0].drawnPng!).equals(TINY_PNG)).toBe(true);
    expect(input.evidence.map((e) => e.event)).toEqual(["PUBLISHED", "OPTION_CHANGED", "SIGNED", "MARKED_SIGNED"]);
    expect(JSON.stringify(input)).not.toContain(owner.accountId!);
    // Another account's quote is not found.
    const other = await signUp(t, { company: "Other Co" });
    await expect(loadQuotePdfInput(t.db, quote.id, { accountId: other.accountId!, files: t.files, publicUrl: "https://offerly.test" })).rejects.toThrow();
  });
});
