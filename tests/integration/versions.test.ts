import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorMessages } from "../../src/server/db/ids";
import { accounts, quoteAuditEvents, quoteLineItems, quoteSignatures, quoteVersions } from "../../src/server/db/schema";
import { documentHash, loadPublicQuote, loadQuoteVersionView } from "../../src/server/modules/public-quote/public-quote.service";
import { loadQuotePdfInput } from "../../src/server/modules/public-quote/pdf-input";
import { createCustomerSignature } from "../../src/server/modules/public-quote/signing.service";
import { renderQuotePdf } from "../../src/server/pdf/quote-pdf";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { pdfText } from "../support/quote-pdf";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

const squash = (text: string) => text.replace(/\s+/g, " ");

/** Quote versions (issue 14 item 1, decision 032), on PGlite and PostgreSQL. */

const SIGN = `mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) {
  createQuoteSignature(nanoId: $nanoId, input: $input) { versionNumber quoteSignatures { name versionNumber documentHash } }
}`;
const PUBLIC = `query ($nanoId: String!) { publicQuote(nanoId: $nanoId) { status quote {
  versionNumber totals { oneOff { totalExclVat } } identityAccount { linkColor }
  quoteBlocks { id name pricing { lineItems { id name price } } }
  quoteSignatures { name versionNumber }
} } }`;
type Public = {
  publicQuote: {
    quote: {
      versionNumber: number;
      totals: { oneOff: { totalExclVat: string } };
      identityAccount: { linkColor: string | null };
      quoteSignatures: { name: string; versionNumber: number }[];
    };
  };
};

let t: TestApp;
let owner: SignedIn;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Versions Co", name: "Vera Owner" });
  customerId = (await createCustomer(t, owner)).id;
});
afterAll(async () => {
  await t.close();
});

async function ok<T>(promise: Promise<{ data?: T; errors?: unknown }>): Promise<T> {
  const result = await promise;
  if (result.errors || !result.data) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/** A published quote with the standard blocks (Design 8 × € 125.00, Hosting 1.5 × € 19.99, − € 10.00 = € 1019.99). */
async function publishedQuote() {
  const quote = await createQuote(t, owner, customerId);
  const pricing = await addBlocks(t, quote.id);
  await ok(transition(t, owner, "publishQuote", quote.id));
  return { ...quote, pricingId: pricing.id };
}

/** Withdraw, change the price of "Design" (a draft may change), publish again. */
async function republishWithPrice(quote: { id: string; pricingId: string }, priceCents: number) {
  await ok(transition(t, owner, "withdrawQuote", quote.id));
  await t.db
    .update(quoteLineItems)
    .set({ priceCents })
    .where(and(eq(quoteLineItems.blockId, quote.pricingId), eq(quoteLineItems.name, "Design")));
  await ok(transition(t, owner, "publishQuote", quote.id));
}

const input = (overrides: Record<string, unknown> = {}) => ({
  name: "Daan de Vries",
  signatureKind: "TYPED",
  signature: "Daan de Vries",
  selection: [],
  consent: true,
  ...overrides,
});
const versionsOf = (quoteId: string) => t.db.select().from(quoteVersions).where(eq(quoteVersions.quoteId, quoteId)).orderBy(quoteVersions.number);

describe("numbering", () => {
  it("freezes version 1 on publish and version n + 1 on each publish after withdrawing, on the same link, named by the audit trail", async () => {
    const quote = await publishedQuote();
    await republishWithPrice(quote, 15_000);
    await republishWithPrice(quote, 16_000);
    const versions = await versionsOf(quote.id);
    expect(versions.map((v) => v.number)).toEqual([1, 2, 3]);
    expect(versions.map((v) => v.document.document.totals.oneOff.totalExclVat)).toEqual(["1019.99", "1219.99", "1299.99"]);
    expect(versions[0]).toMatchObject({ publishedByName: "Vera Owner", publishedByEmail: expect.stringContaining("@") });
    const published = (await t.db.select().from(quoteAuditEvents).where(eq(quoteAuditEvents.quoteId, quote.id)).orderBy(quoteAuditEvents.seq)).filter(
      (a) => a.event === "PUBLISHED",
    );
    expect(published.map((a) => [a.versionNumber, a.documentHash])).toEqual(versions.map((v) => [v.number, v.documentHash]));
    const read = await ok(t.gql<Public>(PUBLIC, { nanoId: quote.nanoId }));
    expect(read.publicQuote.quote).toMatchObject({ versionNumber: 3, totals: { oneOff: { totalExclVat: "1299.99" } } });
  });
});

describe("immutability", () => {
  it("serves the frozen version: later styling changes and draft edits do not reach the published page", async () => {
    const quote = await publishedQuote();
    await t.db.update(accounts).set({ linkColor: "#123456" }).where(eq(accounts.id, owner.accountId!));
    const read = await ok(t.gql<Public>(PUBLIC, { nanoId: quote.nanoId }));
    expect(read.publicQuote.quote.identityAccount.linkColor).not.toBe("#123456");
    await t.db.update(accounts).set({ linkColor: null }).where(eq(accounts.id, owner.accountId!));
    // Withdrawn and edited: version 1 stays as it was published.
    await ok(transition(t, owner, "withdrawQuote", quote.id));
    await t.db.update(quoteLineItems).set({ priceCents: 99_900 }).where(eq(quoteLineItems.blockId, quote.pricingId));
    const v1 = await loadQuoteVersionView(t.db, owner.accountId!, quote.id, 1);
    expect(v1?.document.totals.oneOff.totalExclVat).toBe("1019.99");
    expect(v1?.version?.number).toBe(1);
  });

  it("is refused by the database: no UPDATE, no DELETE while the quote exists, no TRUNCATE, no gaps in the numbering", async () => {
    const quote = await publishedQuote();
    const refused = async (statement: Promise<unknown>, pattern: RegExp) => {
      const error = await statement.then(
        () => null,
        (e: unknown) => e,
      );
      expect(errorMessages(error)).toMatch(pattern);
    };
    await refused(t.db.update(quoteVersions).set({ documentHash: "x" }).where(eq(quoteVersions.quoteId, quote.id)), /offerly:append_only/);
    await refused(t.db.delete(quoteVersions).where(eq(quoteVersions.quoteId, quote.id)), /offerly:append_only/);
    await refused(t.db.execute(sql`truncate quote_versions`), /offerly:append_only/);
    const [v1] = await versionsOf(quote.id);
    await refused(t.db.insert(quoteVersions).values({ ...v1, id: undefined, number: 5 }), /offerly:version_number/);
    await refused(t.db.insert(quoteVersions).values({ ...v1, id: undefined, number: 1 }), /offerly:version_number|duplicate|unique/);
    expect(await versionsOf(quote.id)).toHaveLength(1);
  });
});

describe("which version a signature names", () => {
  it("keeps a customer's signature with version 1 after withdrawing; the changed version 2 shows what changed and is signed anew", async () => {
    const quote = await publishedQuote();
    const v1 = (await loadPublicQuote(t.db, quote.nanoId)).view!;
    const first = await ok(
      t.gql<{ createQuoteSignature: { versionNumber: number; quoteSignatures: { versionNumber: number; documentHash: string }[] } }>(SIGN, {
        nanoId: quote.nanoId,
        input: input({ version: 1 }),
      }),
    );
    expect(first.createQuoteSignature.quoteSignatures).toEqual([expect.objectContaining({ versionNumber: 1, documentHash: documentHash(v1, []) })]);
    // The hash names the version: the same document as version 2 is another hash.
    expect(documentHash({ ...v1, version: { number: 2 } }, [])).not.toBe(documentHash(v1, []));

    // A quote somebody signed can now be withdrawn, changed and published again (not deleted).
    await ok(transition(t, owner, "withdrawQuote", quote.id));
    const deleted = await t.gql("mutation ($id: ID!) { deleteQuote(id: $id) }", { id: quote.id }, owner.headers());
    expect(deleted.errors?.[0]?.message).toContain("signed");
    await t.db
      .update(quoteLineItems)
      .set({ priceCents: 15_000 })
      .where(and(eq(quoteLineItems.blockId, quote.pricingId), eq(quoteLineItems.name, "Design")));
    await ok(transition(t, owner, "publishQuote", quote.id));

    const v2 = (await loadPublicQuote(t.db, quote.nanoId)).view!;
    expect(v2.version?.number).toBe(2);
    expect(v2.signatures).toEqual([]);
    expect(v2.earlierSignatures).toEqual([expect.objectContaining({ name: "Daan de Vries", versionNumber: 1 })]);
    // The customer signed version 1: the server says what changed (no cookie, no script needed).
    expect(v2.changes?.reason).toBe("SIGNED_EARLIER");
    const diff = v2.changes!.diff;
    expect(diff).toMatchObject({
      from: 1,
      to: 2,
      changed: true,
      totalsChanged: true,
      totalsBefore: { oneOff: { totalExclVat: "1019.99" } },
      totalsAfter: { oneOff: { totalExclVat: "1219.99" } },
    });
    expect(diff.blocks).toEqual([
      expect.objectContaining({
        kind: "changed",
        name: "Work",
        lines: [
          expect.objectContaining({
            kind: "changed",
            name: "Design",
            fields: ["price", "total"],
            before: expect.objectContaining({ price: "125.00" }),
            after: expect.objectContaining({ price: "150.00" }),
          }),
        ],
      }),
    ]);

    // Signing what they saw (version 1) is refused with a clear message; version 2 is signed and named.
    const stale = await t.gql(SIGN, { nanoId: quote.nanoId, input: input({ version: 1 }) });
    expect(stale.errors?.[0]).toMatchObject({ message: expect.stringContaining("changed by the sender"), extensions: { code: "CONFLICT" } });
    const staleNl = await t.gql(SIGN, { nanoId: quote.nanoId, input: input({ version: 1 }) }, { "accept-language": "nl" });
    expect(staleNl.errors?.[0]?.message).toContain("gewijzigd");
    const second = await ok(
      t.gql<{ createQuoteSignature: { versionNumber: number; quoteSignatures: { versionNumber: number; documentHash: string }[] } }>(SIGN, {
        nanoId: quote.nanoId,
        input: input({ version: 2 }),
      }),
    );
    expect(second.createQuoteSignature.versionNumber).toBe(2);
    expect(second.createQuoteSignature.quoteSignatures).toEqual([expect.objectContaining({ versionNumber: 2, documentHash: documentHash(v2, []) })]);
    const audit = await t.db.select().from(quoteAuditEvents).where(eq(quoteAuditEvents.quoteId, quote.id)).orderBy(quoteAuditEvents.seq);
    expect(audit.filter((a) => a.event === "SIGNED").map((a) => a.versionNumber)).toEqual([1, 2]);
    expect(audit.filter((a) => a.event === "PUBLISHED").map((a) => a.versionNumber)).toEqual([1, 2]);

    // Marked signed: final, no more withdrawing.
    await ok(t.gql("mutation ($id: ID!) { updateQuoteToSigned(id: $id) { id } }", { id: quote.id }, owner.headers()));
    const withdraw = await transition(t, owner, "withdrawQuote", quote.id);
    expect(withdraw.errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT" });
    const marked = await t.db
      .select()
      .from(quoteAuditEvents)
      .where(and(eq(quoteAuditEvents.quoteId, quote.id), eq(quoteAuditEvents.event, "MARKED_SIGNED")));
    expect(marked.map((a) => a.versionNumber)).toEqual([2]);

    // The PDF's certificate page names the quote's version, and the version each event concerns.
    const pdf = squash(
      await pdfText(
        await renderQuotePdf(await loadQuotePdfInput(t.db, quote.id, { accountId: owner.accountId!, files: t.files, publicUrl: "http://offerly.test" })),
      ),
    );
    expect(pdf).toMatch(/Quote version:? ?2/);
    expect(pdf).toMatch(/Quote version:? ?1/); // version 1's publication and first signature
  });

  it("never lands on a version the customer did not see: republished between loading and signing", async () => {
    const quote = await publishedQuote();
    const seen = (await loadPublicQuote(t.db, quote.nanoId)).view!;
    expect(seen.version?.number).toBe(1);
    // The owner republishes while customers sign what they loaded (version 1), at the same time.
    const attempts = Array.from({ length: 8 }, (_, i) =>
      createCustomerSignature(
        { db: t.db, files: t.files },
        quote.nanoId,
        { ...input({ name: `Signer ${i}` }), selection: [], consent: true, signatureKind: "TYPED", version: 1 },
        { viewerUserId: null, evidence: { ip: null, userAgent: null } },
      ).then(
        () => "signed",
        (e: Error) => e.message,
      ),
    );
    const republish = republishWithPrice(quote, 13_000);
    const results = await Promise.all([...attempts, republish.then(() => "republished")]);
    const rows = await t.db.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id));
    // Every stored signature is on version 1 with version 1's hash; every other attempt was refused.
    expect(rows.every((r) => r.versionNumber === 1 && r.documentHash === documentHash(seen, []))).toBe(true);
    expect(results.filter((r) => r === "signed")).toHaveLength(rows.length);
    for (const r of results.filter((r) => r !== "signed" && r !== "republished")) expect(r).toMatch(/errors\.(versionChanged|notAvailable)/);
    // After the republish, version 1 is refused by the service, and by the database itself.
    await expect(
      createCustomerSignature(
        { db: t.db, files: t.files },
        quote.nanoId,
        { ...input(), selection: [], consent: true, signatureKind: "TYPED", version: 1 },
        { viewerUserId: null, evidence: { ip: null, userAgent: null } },
      ),
    ).rejects.toThrow(/errors\.versionChanged/);
    const direct = await t.db
      .insert(quoteSignatures)
      .values({
        accountId: owner.accountId!,
        quoteId: quote.id,
        kind: "CUSTOMER",
        name: "X",
        signatureKind: "TYPED",
        signature: "X",
        signedAt: new Date(),
        versionNumber: 1,
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(errorMessages(direct)).toMatch(/offerly:version_stale/);
  });
});

describe("the owner's version history", () => {
  it("lists every version newest first with who published it, its signatures and what changed; one version opens read-only", async () => {
    const quote = await publishedQuote();
    await ok(t.gql(SIGN, { nanoId: quote.nanoId, input: input({ version: 1 }) }));
    await republishWithPrice(quote, 14_000);
    type History = {
      quote: {
        quoteVersions: {
          number: number;
          publishedByName: string;
          documentHash: string;
          changes: { blocks: unknown[] } | null;
          quoteSignatures: { name: string; versionNumber: number }[];
        }[];
      };
    };
    const history = await ok(
      t.gql<History>(
        "query ($id: ID!) { quote(id: $id) { quoteVersions { number publishedByName documentHash changes quoteSignatures { name versionNumber } } } }",
        { id: quote.id },
        owner.headers(),
      ),
    );
    expect(history.quote.quoteVersions.map((v) => [v.number, v.publishedByName, v.quoteSignatures.map((s) => s.versionNumber)])).toEqual([
      [2, "Vera Owner", []],
      [1, "Vera Owner", [1]],
    ]);
    expect(history.quote.quoteVersions[0].changes?.blocks).toHaveLength(1);
    expect(history.quote.quoteVersions[1].changes).toBeNull();
    const one = await ok(
      t.gql<{ quoteVersion: { number: number; document: { totals: { oneOff: { totalExclVat: string } } } } }>(
        "query ($q: ID!) { quoteVersion(quoteId: $q, number: 1) { number document } }",
        { q: quote.id },
        owner.headers(),
      ),
    );
    expect(one.quoteVersion).toMatchObject({ number: 1, document: { totals: { oneOff: { totalExclVat: "1019.99" } } } });
    const missing = await t.gql("query ($q: ID!) { quoteVersion(quoteId: $q, number: 9) { number } }", { q: quote.id }, owner.headers());
    expect(missing.errors?.[0]).toMatchObject({ message: "This version of the quote does not exist.", extensions: { code: "NOT_FOUND" } });
  });
});

describe("the quotes list: Declined as a filter", () => {
  it("lists the quotes with an active decline (an event, decision 027), and not once they are published again", async () => {
    const declinedQuote = await publishedQuote();
    const other = await publishedQuote();
    await ok(t.gql('mutation ($n: String!) { declineQuote(nanoId: $n, reason: "Too expensive") { declinedAt } }', { n: declinedQuote.nanoId }));
    const LIST = "query ($d: Boolean) { quotes(pageSize: 100, declined: $d) { totalCount items { id } } }";
    const declined = await ok(t.gql<{ quotes: { totalCount: number; items: { id: string }[] } }>(LIST, { d: true }, owner.headers()));
    expect(declined.quotes.items.map((q) => q.id)).toEqual([declinedQuote.id]);
    const all = await ok(t.gql<{ quotes: { items: { id: string }[] } }>(LIST, { d: null }, owner.headers()));
    expect(all.quotes.items.map((q) => q.id)).toEqual(expect.arrayContaining([declinedQuote.id, other.id]));
    // Published again (a revised quote): the decline no longer counts.
    await republishWithPrice(declinedQuote, 11_000);
    const after = await ok(t.gql<{ quotes: { totalCount: number } }>(LIST, { d: true }, owner.headers()));
    expect(after.quotes.totalCount).toBe(0);
  });
});
