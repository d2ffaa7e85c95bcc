import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteSignatures } from "../../src/server/db/schema";
import { createCustomerSignature } from "../../src/server/modules/public-quote/signing.service";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, publishOn, transition } from "../support/quotes";

/**
 * Drawn signatures are personal data behind a quote's link, not public files: the customer's
 * drawing is served (`private, no-store`) with the quote's public link while the public page shows
 * the quote, and to the account's signed-in members; to anyone else it does not exist (404).
 */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==", "base64");
const PNG_URL = `data:image/png;base64,${TINY_PNG.toString("base64")}`;
const SIGN = `mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) {
  createQuoteSignature(nanoId: $nanoId, input: $input) { quoteSignatures { signatureKind signature } }
}`;
const PUBLIC = "query ($nanoId: String!) { publicQuote(nanoId: $nanoId) { status quote { quoteSignatures { signatureKind signature } } } }";
const OWNER = "query ($id: ID!) { quote(id: $id) { quoteSignatures { signatureKind signature } } }";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Ink Co", name: "Ina Owner" });
  stranger = await signUp(t, { company: "Other Co", name: "Sam Stranger" });
  customerId = (await createCustomer(t, owner)).id;
});
afterAll(async () => {
  await t.close();
});

async function publishedQuote() {
  const quote = await createQuote(t, owner, customerId);
  await addBlocks(t, quote.id);
  const published = await transition(t, owner, "publishQuote", quote.id);
  if (published.errors) throw new Error(JSON.stringify(published.errors));
  return quote as typeof quote & { nanoId: string };
}

/** A published quote the customer signed with a drawing; the drawing's URL as the public page shows it. */
async function drawnSignature() {
  const quote = await publishedQuote();
  const signed = await t.gql<{ createQuoteSignature: { quoteSignatures: { signatureKind: string; signature: string }[] } }>(SIGN, {
    nanoId: quote.nanoId,
    input: { name: "Daan de Vries", signatureKind: "DRAWN", signature: PNG_URL, selection: [], consent: true },
  });
  expect(signed.errors).toBeUndefined();
  const page = await t.gql<{ publicQuote: { quote: { quoteSignatures: { signature: string }[] } } }>(PUBLIC, { nanoId: quote.nanoId });
  const url = page.data!.publicQuote.quote.quoteSignatures[0].signature;
  return { quote, url, file: url.slice(0, url.indexOf("?")) };
}

const get = (url: string, user?: SignedIn, method = "GET") => t.fetch(url, { method, headers: user ? { cookie: user.cookie } : {} });

async function expectServed(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(TINY_PNG));
}
async function expectHidden(response: Response) {
  expect(response.status).toBe(404);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(await response.text()).toBe("Not found");
}

describe("a customer's drawn signature", () => {
  it("is served with the quote's link, private, no-store, and the page links it that way", async () => {
    const { quote, url, file } = await drawnSignature();
    expect(url).toBe(`${file}?q=${quote.nanoId}`);
    expect(file).toMatch(/^\/files\/signatures\/[A-Za-z0-9_-]{22}\.png$/);
    await expectServed(await get(url));
    expect((await get(url, undefined, "HEAD")).status).toBe(200);
  });

  it("is not served without the link, with another quote's link or a made-up one (404, as if it did not exist)", async () => {
    const { file } = await drawnSignature();
    const other = await publishedQuote();
    await expectHidden(await get(file)); // the old public URL
    await expectHidden(await get(`${file}?q=${other.nanoId}`));
    await expectHidden(await get(`${file}?q=${"x".repeat(22)}`));
    await expectHidden(await get(file, stranger));
    expect((await get(file, undefined, "HEAD")).status).toBe(404);
    // A signature that does not exist looks the same.
    await expectHidden(await get("/files/signatures/AAAAAAAAAAAAAAAAAAAAAA.png"));
  });

  it("follows the public page's rules: not with a withdrawn link (the page shows 'not available')", async () => {
    const { quote, url, file } = await drawnSignature();
    const withdrawn = await transition(t, owner, "withdrawQuote", quote.id);
    expect(withdrawn.errors).toBeUndefined();
    expect((await t.gql<{ publicQuote: { status: string } }>(PUBLIC, { nanoId: quote.nanoId })).data?.publicQuote.status).toBe("NOT_AVAILABLE");
    await expectHidden(await get(url));
    await expectServed(await get(file, owner));
  });

  it("follows the public page's rules: not with an expired link (the page shows 'expired')", async () => {
    // Published and signed in January, expired since (publishing today would refuse the dates).
    const quote = (await createQuote(t, owner, customerId, { quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-31" })) as { id: string; nanoId: string };
    await addBlocks(t, quote.id);
    await publishOn(t, owner, quote.id, "2026-01-10");
    const input = { name: "Daan de Vries", signatureKind: "DRAWN" as const, signature: PNG_URL, selection: [], consent: true as const };
    await createCustomerSignature({ db: t.db, files: t.files }, quote.nanoId, input, {
      viewerUserId: null,
      evidence: { ip: "203.0.113.9", userAgent: "test" },
      now: new Date("2026-01-15T12:00:00Z"),
    });
    const [row] = await t.db.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id));
    const file = `/files/${row.signature}`;
    const url = `${file}?q=${quote.nanoId}`;
    expect((await t.gql<{ publicQuote: { status: string } }>(PUBLIC, { nanoId: quote.nanoId })).data?.publicQuote.status).toBe("EXPIRED");
    await expectHidden(await get(url));
    await expectServed(await get(file, owner));
  });

  it("is served to a signed-in member of the quote's account, as the owner's quote page links it", async () => {
    const { quote, file } = await drawnSignature();
    const view = await t.gql<{ quote: { quoteSignatures: { signature: string }[] } }>(OWNER, { id: quote.id }, owner.headers());
    expect(view.errors).toBeUndefined();
    const ownerUrl = view.data!.quote.quoteSignatures[0].signature;
    expect(ownerUrl.startsWith(file)).toBe(true);
    await expectServed(await get(ownerUrl, owner));
    await expectServed(await get(file, owner));
  });
});

describe("an account's signature template", () => {
  it("is served to the account's members only, private, no-store", async () => {
    const created = await t.gql<{ createTemplateSignature: { signature: string } }>(
      "mutation ($input: TemplateSignatureInput!) { createTemplateSignature(input: $input) { signature } }",
      { input: { name: "Ina", kind: "DRAWN", signature: PNG_URL } },
      owner.headers(),
    );
    expect(created.errors).toBeUndefined();
    const url = created.data!.createTemplateSignature.signature;
    expect(url).toMatch(/^\/files\/signatures\/[A-Za-z0-9_-]{22}\.png$/);
    await expectServed(await get(url, owner));
    await expectHidden(await get(url));
    await expectHidden(await get(url, stranger));
    const quote = await publishedQuote();
    await expectHidden(await get(`${url}?q=${quote.nanoId}`));
  });
});
