import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, customDomains, jobs, quotePdfs, quoteSignatures } from "../../src/server/db/schema";
import { verifyPdfSeal } from "../../src/server/pdf/index";
import { pdfWorkerRenders } from "../../src/server/pdf/render-pool";
import { renderAndStoreQuotePdf } from "../../src/server/modules/public-quote/quote-pdf.service";
import { QUOTE_PDF_RATE_LIMIT } from "../../src/server/modules/public-quote/quote-pdf.routes";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { pdfText } from "../support/quote-pdf";
import { addBlocks, createCustomer, createQuote, publishOn, transition } from "../support/quotes";
import { runJobs } from "../support/team";

const SIGN = `mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) {
  createQuoteSignature(nanoId: $nanoId, input: $input) { status quoteSignatures { name documentHash } }
}`;
const MARK = "mutation ($id: ID!) { updateQuoteToSigned(id: $id) { id status } }";
const DELETE_ACCOUNT = "mutation ($n: String!) { deleteAccount(confirmName: $n) }";

let t: TestApp;
let owner: SignedIn;
let customerId: string;
let nextIp = 1;
/** Each test downloads from an address of its own (TRUST_PROXY: the last X-Forwarded-For hop), so the rate limit test stands alone. */
const fromIp = (ip = `198.51.100.${nextIp++}`) => ({ "x-forwarded-for": ip });

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: "true" } });
  owner = await signUp(t, { company: "Pdf Co", name: "Olga Owner" });
  customerId = (await createCustomer(t, owner)).id;
});
afterAll(async () => {
  await t.close();
});

async function publishedQuote(user: SignedIn = owner, overrides: Record<string, unknown> = {}, publish = true) {
  const quote = await createQuote(t, user, user === owner ? customerId : (await createCustomer(t, user)).id, overrides);
  await addBlocks(t, quote.id);
  if (publish) {
    const published = await transition(t, user, "publishQuote", quote.id);
    if (published.errors) throw new Error(JSON.stringify(published.errors));
  }
  return quote;
}

const pdfPath = (q: { slug: string; nanoId: string }) => `/quote/${q.slug}/${q.nanoId}/pdf`;
const download = (q: { slug: string; nanoId: string }, headers: Record<string, string> = fromIp()) => t.fetch(pdfPath(q), { headers });
const queuedRenders = (quoteId: string) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, "render-quote-pdf"), eq(jobs.status, "queued")))
    .then((rows) => rows.filter((r) => (r.payload as { quoteId: string }).quoteId === quoteId));
const storedPdfs = (quoteId: string) => t.db.select().from(quotePdfs).where(eq(quotePdfs.quoteId, quoteId)).orderBy(quotePdfs.createdAt);
const squash = (text: string) => text.replace(/\s+/g, " ");

/** 202 now, then (after the worker ran the job) 200 with the sealed PDF: its text, squashed. */
async function downloadAfterJob(q: { slug: string; nanoId: string; quoteNumber: string }) {
  const response = await download(q);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${q.quoteNumber}.pdf"`);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const pdf = new Uint8Array(await response.arrayBuffer());
  const seal = verifyPdfSeal(pdf);
  expect(seal).toMatchObject({ valid: true, coversWholeFile: true, signer: "Offerly document seal (offerly.test)" });
  return { pdf, text: squash(await pdfText(pdf)) };
}

describe("GET /quote/:slug/:nanoId/pdf", () => {
  it("answers 202 with a self-refreshing page and queues one render, then 200 with the sealed PDF and its evidence", async () => {
    const quote = await publishedQuote();
    const first = await download(quote);
    expect(first.status).toBe(202);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await first.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain("Your PDF is being prepared…");
    expect(page).toContain('<meta http-equiv="refresh" content="2">');
    expect(page).toContain(`href="/quote/${quote.slug}/${quote.nanoId}"`);
    expect(page).not.toContain("<script");
    // Asking again while the job waits queues nothing more (one job per quote and state).
    expect((await download(quote)).status).toBe(202);
    expect(await queuedRenders(quote.id)).toHaveLength(1);
    expect(await storedPdfs(quote.id)).toEqual([]);

    const workerRenders = pdfWorkerRenders();
    expect(await runJobs(t)).toBeGreaterThanOrEqual(1);
    // Made in the PDF worker thread (decision 067), not on the server's thread.
    expect(pdfWorkerRenders()).toBe(workerRenders + 1);
    const [stored] = await storedPdfs(quote.id);
    expect(stored).toMatchObject({
      accountId: owner.accountId,
      fileKey: expect.stringMatching(/^quote-pdfs\/[A-Za-z0-9_-]{22}\.pdf$/),
      stateKey: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const { text } = await downloadAfterJob(quote);
    expect(text).toContain(quote.quoteNumber);
    expect(text).toContain("Website redesign");
    expect(text).toContain("Signing certificate");
    expect(text).toContain("Published");
    expect(text).toContain("This quote has not been signed yet.");
    // The stored file is served again: nothing more is queued or stored.
    expect((await download(quote)).status).toBe(200);
    expect(await queuedRenders(quote.id)).toEqual([]);
    expect(await storedPdfs(quote.id)).toHaveLength(1);
  }, 120_000);

  it("makes a new PDF after a customer signature (a new state), listing the signature and its document hash", async () => {
    const quote = await publishedQuote();
    expect((await download(quote)).status).toBe(202);
    await runJobs(t);
    expect((await download(quote)).status).toBe(200);

    const signed = await t.gql<{ createQuoteSignature: { quoteSignatures: { name: string; documentHash: string }[] } }>(SIGN, {
      nanoId: quote.nanoId,
      input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [], consent: true },
    });
    expect(signed.errors).toBeUndefined();
    const hash = signed.data!.createQuoteSignature.quoteSignatures[0].documentHash;

    expect((await download(quote)).status).toBe(202);
    await runJobs(t);
    const { text } = await downloadAfterJob(quote);
    expect(text).toContain("Daan de Vries");
    expect(text).toContain(hash);
    expect(text).toContain("Signed");
    expect(text).not.toContain("This quote has not been signed yet.");
    const rows = await storedPdfs(quote.id);
    expect(rows).toHaveLength(2);
    expect(rows[0].stateKey).not.toBe(rows[1].stateKey);
  }, 120_000);

  it("queues the signed PDF in the transaction that marks the quote signed, so the download is ready at once", async () => {
    const quote = await publishedQuote();
    const marked = await t.gql<{ updateQuoteToSigned: { status: string } }>(MARK, { id: quote.id }, owner.headers());
    expect(marked.data?.updateQuoteToSigned.status).toBe("SIGNED");
    expect(await queuedRenders(quote.id)).toHaveLength(1);
    await runJobs(t);
    const { text } = await downloadAfterJob(quote);
    expect(text).toContain("Marked as signed");
    expect(text).toContain("Olga Owner");
  }, 120_000);

  it("makes a new PDF when the account's own domain starts serving: the certificate page prints the link as it is", async () => {
    const pro = await signUp(t, { company: "Domain Pdf Co" });
    // Pro first (no watermark), so that only the domain changes between the two PDFs.
    await t.db
      .update(accounts)
      .set({ subscriptionPlan: "PRO", subscriptionInterval: "YEARLY", expiredAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(accounts.id, pro.accountId!));
    const quote = await publishedQuote(pro);
    expect((await download(quote)).status).toBe(202);
    await runJobs(t);
    const before = await downloadAfterJob(quote);
    // The link may wrap on the page (a long token breaks anywhere): compare without whitespace, up to the slug.
    const joined = (text: string) => text.replace(/\s+/g, "");
    expect(joined(before.text)).toContain(`${t.config.publicUrl}/quote/${quote.slug}/`);
    expect(before.text).not.toContain("offerte.domain-pdf.test");

    await t.db
      .insert(customDomains)
      .values({ accountId: pro.accountId!, domain: "offerte.domain-pdf.test", token: "t0k3n", status: "ACTIVE", verifiedAt: new Date() });
    expect((await download(quote)).status).toBe(202);
    await runJobs(t);
    const after = await downloadAfterJob(quote);
    expect(joined(after.text)).toContain(`https://offerte.domain-pdf.test/quote/${quote.slug}/`);
    expect(joined(after.text)).not.toContain(`${t.config.publicUrl}/quote/`);
    expect(await storedPdfs(quote.id)).toHaveLength(2);
    // Served from storage from then on.
    expect((await download(quote)).status).toBe(200);
    expect(await queuedRenders(quote.id)).toEqual([]);
  }, 120_000);

  it("keeps one file per state when the job runs twice, or twice at once", async () => {
    const quote = await publishedQuote();
    const deps = { db: t.db, files: t.files, publicUrl: t.config.publicUrl, pdfSeal: null };
    const ids = { accountId: owner.accountId!, quoteId: quote.id };
    const outcomes = await Promise.all([renderAndStoreQuotePdf(deps, ids), renderAndStoreQuotePdf(deps, ids)]);
    expect(outcomes.sort()).toEqual(["exists", "stored"]);
    expect(await renderAndStoreQuotePdf(deps, ids)).toBe("exists");
    const rows = await storedPdfs(quote.id);
    expect(rows).toHaveLength(1);
    const folder = path.join(t.dataDir, "files", "quote-pdfs");
    const onDisk = fs.readdirSync(folder);
    expect(onDisk).toContain(rows[0].fileKey.slice("quote-pdfs/".length));
    // The losing run (if both rendered) removed its file: every stored PDF file has its row.
    const known = new Set((await t.db.select({ key: quotePdfs.fileKey }).from(quotePdfs)).map((r) => r.key.slice("quote-pdfs/".length)));
    for (const name of onDisk) expect(known.has(name), name).toBe(true);
  }, 120_000);

  it("answers in the quote's language: the 202 page of a Dutch quote is Dutch", async () => {
    const quote = await publishedQuote(owner, { language: "NL" });
    const response = await download(quote);
    expect(response.status).toBe(202);
    const page = await response.text();
    expect(page).toContain('<html lang="nl">');
    expect(page).toContain("Je pdf wordt klaargemaakt…");
    expect(page).toContain(`href="/nl/quote/${quote.slug}/${quote.nanoId}"`);
    // The Dutch page links its PDF under /nl (issue 28): that path answers the same as the bare one.
    const nl = await t.fetch(`/nl${pdfPath(quote)}`, { headers: fromIp() });
    expect(nl.status).toBe(202);
    expect(await nl.text()).toContain("Je pdf wordt klaargemaakt…");
    await t.db.delete(jobs).where(eq(jobs.name, "render-quote-pdf"));
  });

  it("is 404 for a draft, a withdrawn quote and an unknown link, and 410 for an expired quote (queuing nothing)", async () => {
    const draft = await publishedQuote(owner, {}, false);
    const notAvailable = await download(draft);
    expect(notAvailable.status).toBe(404);
    expect(notAvailable.headers.get("cache-control")).toBe("private, no-store");
    expect(await notAvailable.text()).toContain("This quote is not available");

    const withdrawn = await publishedQuote();
    expect((await transition(t, owner, "withdrawQuote", withdrawn.id)).errors).toBeUndefined();
    expect((await download(withdrawn)).status).toBe(404);
    const unknown = await download({ slug: "x", nanoId: "A".repeat(24) });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<html lang="en">');
    expect((await download({ slug: "x", nanoId: "not a nano id" })).status).toBe(404);

    const old = await publishedQuote(owner, { quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-31", language: "NL" }, false);
    await publishOn(t, owner, old.id, "2026-01-10");
    const expired = await download(old);
    expect(expired.status).toBe(410);
    const page = await expired.text();
    expect(page).toContain('<html lang="nl">');
    expect(page).toContain("Deze offerte is verlopen");
    for (const q of [draft, withdrawn, old]) expect(await queuedRenders(q.id)).toEqual([]);
  });

  it("limits downloads per address: 429 with Retry-After", async () => {
    const ip = fromIp("203.0.113.77");
    const unknown = { slug: "x", nanoId: "B".repeat(24) };
    for (let i = 0; i < QUOTE_PDF_RATE_LIMIT.limit; i++) expect((await download(unknown, ip)).status).toBe(404);
    const limited = await download(unknown, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("cache-control")).toBe("private, no-store");
    // Another address is not limited.
    expect((await download(unknown)).status).toBe(404);
  });
});

describe("deleting a withdrawn quote", () => {
  it("queues the deletion of the PDF files made while it was public", async () => {
    const quote = await publishedQuote();
    expect((await download(quote)).status).toBe(202);
    await runJobs(t);
    const [stored] = await storedPdfs(quote.id);
    expect((await transition(t, owner, "withdrawQuote", quote.id)).errors).toBeUndefined();
    const deleted = await t.gql("mutation ($id: ID!) { deleteQuote(id: $id) }", { id: quote.id }, owner.headers());
    expect(deleted.errors).toBeUndefined();
    expect(await storedPdfs(quote.id)).toEqual([]);
    await runJobs(t);
    expect(await t.files.stat(stored.fileKey)).toBeNull();
  }, 120_000);
});

describe("deleting the account", () => {
  it("queues the deletion of the quotes' stored PDF files with the account's other files", async () => {
    const doomed = await signUp(t, { company: "Doomed Pdf Co" });
    const quote = await publishedQuote(doomed);
    expect((await download(quote)).status).toBe(202);
    await runJobs(t);
    const [stored] = await storedPdfs(quote.id);
    expect(await t.files.stat(stored.fileKey)).not.toBeNull();

    expect((await t.gql(DELETE_ACCOUNT, { n: "Doomed Pdf Co" }, doomed.headers())).data).toEqual({ deleteAccount: true });
    const deletions = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, "delete-files"), eq(jobs.status, "queued")));
    expect(deletions.flatMap((j) => (j.payload as { keys: string[] }).keys)).toContain(stored.fileKey);
    expect(await storedPdfs(quote.id)).toEqual([]);
    expect(await t.db.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id))).toEqual([]);
    await runJobs(t);
    expect(await t.files.stat(stored.fileKey)).toBeNull();
  }, 120_000);
});
