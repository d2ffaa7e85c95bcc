import { sql } from "drizzle-orm";
import { print } from "graphql";
import { QuoteDocument } from "../../src/web/graphql/generated/graphql";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageFileArea } from "../../src/shared/rich-text";
import { type TestApp, createTestApp } from "../support/app";
import { crc32, uploadFile } from "../support/upload";
import { type SignedIn, signUp } from "../support/auth";
import { createCustomer, createQuote, transition } from "../support/quotes";

/** Quote blocks (issue 10): every operation, the published-quote refusal, positions, the allow-list, limits. */
let t: TestApp;
let owner: SignedIn;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Blocks Co" });
  customerId = (await createCustomer(t, owner, { name: "Bakkerij" })).id;
});
afterAll(async () => {
  await t.close();
});

const TOTALS =
  "oneOff { subtotal discount totalExclVat vat { rate base vat } vatTotal totalInclVat } recurring { interval totalExclVat vatTotal totalInclVat }";
const TEXT_BLOCK = "__typename id name content position";
const BLOCK = `__typename id name content position ... on PricingQuoteBlock { pricingUnit discountType discountValue totals { ${TOTALS} } quoteLineItems { id name description price amount vatRate discountType discountValue optional selected recurring total } }`;
const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
const line = (over: Record<string, unknown> = {}) => ({
  name: "Design",
  price: "800.00",
  amount: "10",
  vatRate: "21",
  optional: false,
  selected: true,
  recurring: false,
  ...over,
});

type Block = {
  id: string;
  name: string;
  position: number;
  content: unknown;
  totals?: { oneOff: { totalExclVat: string; vatTotal: string } };
  quoteLineItems?: { total: string; vatRate: string }[];
};
type Gql<T> = Promise<{ data?: T | null; errors?: { message: string; extensions?: { code?: string; fields?: Record<string, { message: string }> } }[] }>;

const gql = <T>(query: string, variables: Record<string, unknown>, user = owner, locale?: string): Gql<T> =>
  t.gql<T>(query, variables, { ...user.headers(), ...(locale ? { "accept-language": locale } : {}) }) as Gql<T>;

async function newQuote() {
  return createQuote(t, owner, customerId, { name: "Blocks quote" });
}
async function textBlock(quoteId: string, name = "Intro", content: unknown = doc("Hello")) {
  const r = await gql<{ createTextQuoteBlock: Block }>(
    `mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { ${TEXT_BLOCK} } }`,
    { q: quoteId, i: { name, content } },
  );
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data.createTextQuoteBlock;
}
async function pricingBlock(quoteId: string, input: Record<string, unknown> = {}) {
  return gql<{ createPricingQuoteBlock: Block }>(
    `mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { ${BLOCK} } }`,
    {
      q: quoteId,
      i: { name: "Work", content: null, pricingUnit: "DAY", lineItems: [line()], ...input },
    },
  );
}
const readQuote = (id: string) =>
  gql<{
    quote: {
      total: string;
      totals: { oneOff: { totalExclVat: string; vatTotal: string; totalInclVat: string }; recurring: { interval: string; totalInclVat: string }[] };
      quoteBlocks: Block[];
    };
  }>(`query ($id: ID!) { quote(id: $id) { total totals { ${TOTALS} } quoteBlocks { ${BLOCK} } } }`, { id });

describe("text blocks", () => {
  it("creates, reads, updates (sanitised JSON), duplicates right after the original and deletes", async () => {
    const quote = await newQuote();
    const a = await textBlock(quote.id, "A", {
      type: "doc",
      content: [{ type: "heading", attrs: { level: 2, textAlign: "left" }, content: [{ type: "text", text: "Scope" }] }],
    });
    expect(a).toMatchObject({
      __typename: "TextQuoteBlock",
      name: "A",
      position: 0,
      content: { type: "doc", content: [{ type: "heading", attrs: { level: 2 } }] },
    });
    const b = await textBlock(quote.id, "B");
    expect(b.position).toBe(1);
    const updated = await gql<{ updateTextQuoteBlock: Block }>(
      `mutation ($id: ID!, $i: TextBlockInput!) { updateTextQuoteBlock(id: $id, input: $i) { ${TEXT_BLOCK} } }`,
      { id: a.id, i: { name: "A2", content: doc("New") } },
    );
    expect(updated.data?.updateTextQuoteBlock).toMatchObject({ name: "A2", content: doc("New") });
    const one = await gql<{ quoteBlock: Block }>(`query ($id: ID!) { quoteBlock(id: $id) { ${BLOCK} } }`, { id: a.id });
    expect(one.data?.quoteBlock.name).toBe("A2");
    const dup = await gql<{ duplicateQuoteBlock: Block }>(`mutation ($id: ID!) { duplicateQuoteBlock(id: $id) { ${BLOCK} } }`, { id: a.id });
    expect(dup.data?.duplicateQuoteBlock).toMatchObject({ name: "A2", position: 1 });
    expect((await readQuote(quote.id)).data?.quote.quoteBlocks.map((x) => x.name)).toEqual(["A2", "A2", "B"]);
    const del = await gql<{ deleteQuoteBlock: string }>("mutation ($id: ID!) { deleteQuoteBlock(id: $id) }", { id: a.id });
    expect(del.data?.deleteQuoteBlock).toBe(a.id);
    expect((await readQuote(quote.id)).data?.quote.quoteBlocks.map((x) => x.id)).toEqual([dup.data?.duplicateQuoteBlock.id, b.id]);
  });

  it.each([
    [
      "a script node",
      { type: "doc", content: [{ type: "script", content: [{ type: "text", text: "alert(1)" }] }] },
      "The text contains formatting that is not allowed.",
    ],
    ["script tags", doc("<script>alert(1)</script>"), "Scripts are not allowed in the text."],
    [
      "a javascript: link",
      {
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] }] }],
      },
      "Links must start with http://, https:// or mailto:.",
    ],
    ["300 KB of content", doc("x".repeat(300 * 1024)), "The text is too long (at most 256 KB)."],
  ])("refuses %s with a translated field error, nothing saved", async (_name, content, message) => {
    const quote = await newQuote();
    const r = await gql(`mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }`, {
      q: quote.id,
      i: { name: "X", content },
    });
    expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(r.errors?.[0].message).toBe(message);
    expect((await readQuote(quote.id)).data?.quote.quoteBlocks).toEqual([]);
  });

  it("refuses 1 MB of content before it is even parsed (request body limit)", async () => {
    const quote = await newQuote();
    const r = await gql(`mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }`, {
      q: quote.id,
      i: { name: "X", content: doc("x".repeat(1024 * 1024)) },
    });
    expect(r.errors?.[0].extensions?.code).toBe("PAYLOAD_TOO_LARGE");
    expect((await readQuote(quote.id)).data?.quote.quoteBlocks).toEqual([]);
  });

  it("answers in Dutch", async () => {
    const quote = await newQuote();
    const r = await gql(
      `mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }`,
      { q: quote.id, i: { name: "", content: null } },
      owner,
      "nl",
    );
    expect(r.errors?.[0].message).toBe("Vul een naam in.");
  });
});

describe("pricing blocks and totals", () => {
  it("stores VAT, discounts, optional and recurring lines and computes the totals (hand calculation)", async () => {
    const quote = await newQuote();
    const work = await pricingBlock(quote.id, {
      discountType: "AMOUNT",
      discountValue: "200",
      lineItems: [
        line({ discountType: "PERCENTAGE", discountValue: "10", description: "Ten days" }),
        line({ name: "Print", price: "100", amount: "1", vatRate: "9" }),
        line({ name: "Training", price: "500", amount: "1", optional: true, selected: false }),
      ],
    });
    expect(work.errors).toBeUndefined();
    const block = work.data!.createPricingQuoteBlock;
    expect(block.quoteLineItems?.map((l) => l.total)).toEqual(["7200.00", "100.00", "500.00"]);
    expect(block.totals?.oneOff).toMatchObject({ totalExclVat: "7100.00", vatTotal: "1479.33" });
    const hosting = await pricingBlock(quote.id, {
      name: "Hosting",
      pricingUnit: "MONTH",
      lineItems: [line({ name: "Hosting", price: "150", amount: "1", recurring: true })],
    });
    expect(hosting.errors).toBeUndefined();
    const read = (await readQuote(quote.id)).data!.quote;
    expect(read.total).toBe("7100.00");
    expect(read.totals.oneOff).toMatchObject({ totalExclVat: "7100.00", vatTotal: "1479.33", totalInclVat: "8579.33" });
    expect(read.totals.recurring).toEqual([{ interval: "MONTH", totalExclVat: "150.00", vatTotal: "31.50", totalInclVat: "181.50" }]);
  });

  it("replaces the whole line list on update, in one transaction (a bad line saves nothing)", async () => {
    const quote = await newQuote();
    const created = (await pricingBlock(quote.id)).data!.createPricingQuoteBlock;
    const UPDATE = `mutation ($id: ID!, $i: PricingBlockInput!) { updatePricingQuoteBlock(id: $id, input: $i) { ${BLOCK} } }`;
    const ok = await gql<{ updatePricingQuoteBlock: Block }>(UPDATE, {
      id: created.id,
      i: { name: "Work", pricingUnit: "DAY", lineItems: [line({ name: "A" }), line({ name: "B", vatRate: "0" })] },
    });
    expect(ok.data?.updatePricingQuoteBlock.quoteLineItems?.map((l) => l.vatRate)).toEqual(["21", "0"]);
    const bad = await gql(UPDATE, { id: created.id, i: { name: "Work", pricingUnit: "DAY", lineItems: [line({ name: "C" }), line({ price: "-5" })] } });
    expect(bad.errors?.[0].message).toBe("A price is between 0 and 1,000,000,000.");
    expect(bad.errors?.[0].extensions?.fields).toHaveProperty(["lineItems.1.price"]);
    const after = await gql<{ quoteBlock: Block }>(`query ($id: ID!) { quoteBlock(id: $id) { ${BLOCK} } }`, { id: created.id });
    expect(after.data?.quoteBlock.quoteLineItems?.length).toBe(2);
    const wrongKind = await gql(`mutation ($id: ID!, $i: TextBlockInput!) { updateTextQuoteBlock(id: $id, input: $i) { id } }`, {
      id: created.id,
      i: { name: "x" },
    });
    expect(wrongKind.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it.each([
    [{ lineItems: [line({ amount: "0" })] }, "A quantity is more than 0 and at most 1,000,000."],
    [{ lineItems: [line({ amount: "1.2345" })] }, "Enter a quantity with at most 3 decimals."],
    [{ lineItems: [line({ price: "1000000001" })] }, "A price is between 0 and 1,000,000,000."],
    [{ lineItems: [line({ vatRate: "120" })] }, "A VAT rate is a percentage from 0 to 100."],
    [{ lineItems: [line({ discountType: "AMOUNT", discountValue: "9000" })] }, "The discount is larger than the amount it is taken from."],
    [{ lineItems: [line({ recurring: true })] }, "Recurring lines need the unit month, quarter or year."],
    [{ pricingUnit: "HOUR" }, "Choose a pricing unit."],
    [{ lineItems: Array.from({ length: 501 }, () => line()) }, "A pricing block has at most 500 lines."],
  ])("refuses bad input %#", async (input, message) => {
    const quote = await newQuote();
    const r = await pricingBlock(quote.id, input);
    expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(r.errors?.[0].message).toBe(message);
  });
});

describe("positions", () => {
  const MOVE = "mutation ($q: ID!, $ids: [ID!]!) { updateQuoteBlockPositions(quoteId: $q, ids: $ids) { id quoteBlocks { id position } } }";
  it("reorders in one statement and refuses lists that are not exactly the quote's blocks", async () => {
    const quote = await newQuote();
    const [a, b, c] = [await textBlock(quote.id, "A"), await textBlock(quote.id, "B"), await textBlock(quote.id, "C")];
    const moved = await gql<{ updateQuoteBlockPositions: { quoteBlocks: { id: string; position: number }[] } }>(MOVE, { q: quote.id, ids: [c.id, a.id, b.id] });
    expect(moved.data?.updateQuoteBlockPositions.quoteBlocks).toEqual([
      { id: c.id, position: 0 },
      { id: a.id, position: 1 },
      { id: b.id, position: 2 },
    ]);
    const other = await textBlock((await newQuote()).id, "Other");
    for (const ids of [
      [a.id, b.id],
      [a.id, b.id, c.id, c.id],
      [a.id, b.id, other.id],
      [a.id, b.id, c.id, other.id],
    ]) {
      const r = await gql(MOVE, { q: quote.id, ids });
      expect(r.errors?.[0].message, JSON.stringify(ids)).toBe("The order no longer matches the quote's blocks. Reload the page and try again.");
    }
    // An id that is not one names nothing: NOT_FOUND, as for every ID argument (graphql/ids.ts).
    const notAnId = await gql(MOVE, { q: quote.id, ids: [a.id, b.id, "nope"] });
    expect(notAnId.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await readQuote(quote.id)).data?.quote.quoteBlocks.map((x) => x.name)).toEqual(["C", "A", "B"]);
  });
});

describe("published quotes", () => {
  it("refuses every block change with the translated locked message, and the database refuses raw SQL", async () => {
    const quote = await newQuote();
    const text = await textBlock(quote.id);
    const pricing = (await pricingBlock(quote.id)).data!.createPricingQuoteBlock;
    const template = await gql<{ createTextTemplateBlock: { id: string } }>("mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { id } }", {
      i: { name: "T" },
    });
    expect((await transition(t, owner, "publishQuote", quote.id)).errors).toBeUndefined();
    const attempts: [string, Record<string, unknown>][] = [
      ['mutation ($q: ID!) { createTextQuoteBlock(quoteId: $q, input: { name: "x" }) { id } }', { q: quote.id }],
      ['mutation ($id: ID!) { updateTextQuoteBlock(id: $id, input: { name: "x" }) { id } }', { id: text.id }],
      ['mutation ($q: ID!) { createPricingQuoteBlock(quoteId: $q, input: { name: "x", pricingUnit: "DAY", lineItems: [] }) { id } }', { q: quote.id }],
      ['mutation ($id: ID!) { updatePricingQuoteBlock(id: $id, input: { name: "x", pricingUnit: "DAY", lineItems: [] }) { id } }', { id: pricing.id }],
      ["mutation ($id: ID!) { deleteQuoteBlock(id: $id) }", { id: text.id }],
      ["mutation ($id: ID!) { duplicateQuoteBlock(id: $id) { id } }", { id: text.id }],
      ["mutation ($q: ID!, $ids: [ID!]!) { updateQuoteBlockPositions(quoteId: $q, ids: $ids) { id } }", { q: quote.id, ids: [pricing.id, text.id] }],
      [
        "mutation ($q: ID!, $tb: ID!) { createQuoteBlockFromTemplate(quoteId: $q, templateBlockId: $tb) { id } }",
        { q: quote.id, tb: template.data!.createTextTemplateBlock.id },
      ],
    ];
    for (const [query, variables] of attempts) {
      const r = await gql(query, variables);
      expect(r.errors?.[0].extensions?.code, query).toBe("CONFLICT");
      expect(r.errors?.[0].message, query).toBe("This quote is published or signed and can no longer be changed.");
      const nl = await gql(query, variables, owner, "nl");
      expect(nl.errors?.[0].message, query).toBe("Deze offerte is gepubliceerd of getekend en kan niet meer worden gewijzigd.");
    }
    const saved = await gql<{ saveQuoteBlockAsTemplate: { name: string } }>("mutation ($id: ID!) { saveQuoteBlockAsTemplate(id: $id) { name } }", {
      id: pricing.id,
    });
    expect(saved.data?.saveQuoteBlockAsTemplate.name).toBe("Work");
    const rawError = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.db.execute(statement);
        return "no error";
      } catch (error) {
        return `${(error as Error).message} ${String((error as { cause?: Error }).cause?.message ?? "")}`;
      }
    };
    expect(await rawError(sql`update quote_blocks set content = '{"type":"doc"}'::jsonb where id = ${text.id}`)).toContain("offerly:quote_locked");
    expect(await rawError(sql`update quote_blocks set discount_type = 'AMOUNT', discount_value = 1 where id = ${pricing.id}`)).toContain(
      "offerly:quote_locked",
    );
    expect(await rawError(sql`update quote_line_items set vat_rate = 0, optional = true, recurring = true where block_id = ${pricing.id}`)).toContain(
      "offerly:quote_locked",
    );
    expect(await rawError(sql`update quote_line_items set description = 'x', selected = false where block_id = ${pricing.id}`)).toContain(
      "offerly:quote_locked",
    );
  });
});

describe("templates into quotes", () => {
  it("appends a template block, saves a block as a template, and starts new quotes from a quote or templates", async () => {
    const quote = await newQuote();
    await textBlock(quote.id, "Intro");
    const pricing = (await pricingBlock(quote.id, { lineItems: [line(), line({ name: "Extra", optional: true, selected: true })] })).data!
      .createPricingQuoteBlock;
    const saved = await gql<{ saveQuoteBlockAsTemplate: { id: string; __typename: string; templateLineItems: { name: string; optional: boolean }[] } }>(
      "mutation ($id: ID!) { saveQuoteBlockAsTemplate(id: $id) { id __typename ... on PricingTemplateBlock { templateLineItems { name optional } } } }",
      { id: pricing.id },
    );
    expect(saved.data?.saveQuoteBlockAsTemplate).toMatchObject({
      __typename: "PricingTemplateBlock",
      templateLineItems: [
        { name: "Design", optional: false },
        { name: "Extra", optional: true },
      ],
    });
    const templateId = saved.data!.saveQuoteBlockAsTemplate.id;
    const appended = await gql<{ createQuoteBlockFromTemplate: Block }>(
      `mutation ($q: ID!, $tb: ID!) { createQuoteBlockFromTemplate(quoteId: $q, templateBlockId: $tb) { ${BLOCK} } }`,
      { q: quote.id, tb: templateId },
    );
    expect(appended.data?.createQuoteBlockFromTemplate).toMatchObject({ name: "Work", position: 2 });

    const START = `mutation ($input: QuoteInput!, $s: QuoteStartInput) { createQuote(input: $input, startFrom: $s) { id total quoteBlocks { ${BLOCK} } } }`;
    const input = { name: "Second", customerId, language: "NL", currency: "EUR", quoteDateAt: "2026-11-01", quoteExpirationAt: "2026-12-01", signable: true };
    const fromQuote = await gql<{ createQuote: { total: string; quoteBlocks: Block[] } }>(START, { input, s: { quoteId: quote.id } });
    expect(fromQuote.data?.createQuote.quoteBlocks.map((b) => b.name)).toEqual(["Intro", "Work", "Work"]);
    expect(fromQuote.data?.createQuote.total).toBe((await readQuote(quote.id)).data?.quote.total);
    const intro = await gql<{ createTextTemplateBlock: { id: string } }>("mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { id } }", {
      i: { name: "Welcome", content: doc("Hi") },
    });
    const fromTemplates = await gql<{ createQuote: { quoteBlocks: Block[] } }>(START, {
      input,
      s: { templateBlockIds: [templateId, intro.data!.createTextTemplateBlock.id] },
    });
    expect(fromTemplates.data?.createQuote.quoteBlocks.map((b) => [b.name, b.position])).toEqual([
      ["Work", 0],
      ["Welcome", 1],
    ]);
    const before = await gql<{ quotes: { totalCount: number } }>("{ quotes { totalCount } }", {});
    const unknown = await gql(START, { input, s: { templateBlockIds: [templateId, "00000000-0000-4000-8000-000000000000"] } });
    expect(unknown.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const after = await gql<{ quotes: { totalCount: number } }>("{ quotes { totalCount } }", {});
    expect(after.data?.quotes.totalCount).toBe(before.data?.quotes.totalCount);
  });

  it("refuses more than 200 blocks in a quote", async () => {
    const quote = await newQuote();
    await t.db.execute(sql`insert into quote_blocks (quote_id, kind, position, name) select ${quote.id}, 'TEXT', n, 'b' from generate_series(0, 199) as n`);
    const r = await gql(`mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }`, {
      q: quote.id,
      i: { name: "one too many" },
    });
    expect(r.errors?.[0].message).toBe("A quote has at most 200 blocks.");
  });
});

describe("the app's own documents", () => {
  it("the quote page's query (QuoteBlocks fragment) stays within the depth and cost limits and returns the totals", async () => {
    const quote = await newQuote();
    await pricingBlock(quote.id, { lineItems: [line(), line({ name: "Hosting", vatRate: "9" })] });
    const r = await gql<{ quote: { totals: { oneOff: { vatTotal: string } }; quoteBlocks: Block[] } }>(print(QuoteDocument as never), { id: quote.id });
    expect(r.errors).toBeUndefined();
    expect(r.data?.quote.totals.oneOff.vatTotal).toBe("2400.00");
    expect(r.data?.quote.quoteBlocks[0].totals?.oneOff.vatTotal).toBe("2400.00");
  });
});

describe("images in rich text", () => {
  const UPLOAD = "mutation ($file: File!) { uploadRichTextImage(file: $file) { src width height } }";
  const upload = (bytes: Buffer, name: string, type: string, user = owner, locale?: string) =>
    uploadFile<{ uploadRichTextImage: { src: string; width: number; height: number } }>(
      t,
      UPLOAD,
      { bytes, name, type },
      { ...user.headers(), ...(locale ? { "accept-language": locale } : {}) },
    );
  const imageDoc = (src: string) => ({
    type: "doc",
    content: [
      { type: "paragraph", content: [{ type: "text", text: "Our team" }] },
      { type: "image", attrs: { src, alt: "The team", title: null } },
    ],
  });

  it("stores an upload re-encoded under the account's own area, serves it, and lets a text block show it", async () => {
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#336699" } })
      .withMetadata({ exif: { IFD0: { ImageDescription: "secret-camera-serial-456" } } })
      .jpeg()
      .toBuffer();
    const result = await upload(photo, "team.jpg", "image/jpeg");
    expect(result.errors).toBeUndefined();
    const { src, width, height } = result.data!.uploadRichTextImage;
    expect(src).toMatch(new RegExp(`^/files/${imageFileArea(owner.accountId!)}/[A-Za-z0-9_-]{22}\\.jpg$`));
    expect([width, height]).toEqual([1600, 800]);
    const served = await t.fetch(src);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from("secret-camera-serial-456"))).toBe(false);

    const quote = await newQuote();
    const block = await textBlock(quote.id, "Team", imageDoc(src));
    expect(block.content).toEqual(imageDoc(src));
    const read = await readQuote(quote.id);
    expect(read.data?.quote.quoteBlocks[0].content).toEqual(imageDoc(src));
    // A WebP becomes a PNG (transparency kept, and PDFs can embed it).
    const webp = await sharp({ create: { width: 40, height: 20, channels: 4, background: "#00ff0080" } })
      .webp()
      .toBuffer();
    expect((await upload(webp, "x.webp", "image/webp")).data?.uploadRichTextImage.src).toMatch(/\.png$/);
  });

  it.each([
    {
      name: "an SVG with a script",
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
      file: "x.svg",
      type: "image/svg+xml",
      en: "An image must be a PNG, JPEG or WebP file.",
      nl: "Een afbeelding moet een PNG-, JPEG- of WebP-bestand zijn.",
    },
    {
      name: "HTML named .png",
      bytes: Buffer.from("<!DOCTYPE html><script>alert(1)</script>"),
      file: "x.png",
      type: "image/png",
      en: "An image must be a PNG, JPEG or WebP file.",
      nl: "Een afbeelding moet een PNG-, JPEG- of WebP-bestand zijn.",
    },
    {
      name: "a pixel flood",
      bytes: pngClaiming(20_000, 20_000),
      file: "flood.png",
      type: "image/png",
      en: "This image is too large (at most 40 megapixels).",
      nl: "Deze afbeelding is te groot (hoogstens 40 megapixel).",
    },
    {
      name: "an empty file",
      bytes: Buffer.alloc(0),
      file: "empty.png",
      type: "image/png",
      en: "An image must be a PNG, JPEG or WebP file.",
      nl: "Een afbeelding moet een PNG-, JPEG- of WebP-bestand zijn.",
    },
  ])("refuses $name with a translated message", async ({ bytes, file, type, en, nl }) => {
    const english = await upload(bytes, file, type);
    expect(english.errors?.[0]).toMatchObject({ message: en, extensions: { code: "BAD_USER_INPUT" } });
    const dutch = await upload(bytes, file, type, owner, "nl");
    expect(dutch.errors?.[0].message).toBe(nl);
  });

  it("refuses images that are not this account's uploads: another account's, a logo, data:, javascript: and other sites", async () => {
    const other = await signUp(t, { company: "Other images Co" });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const theirs = (await upload(png, "a.png", "image/png", other)).data!.uploadRichTextImage.src;
    expect(theirs).toContain(imageFileArea(other.accountId!));
    const quote = await newQuote();
    for (const src of [
      theirs,
      "/files/logos/V1StGXR8_Z5jdHi6B-myT9.png",
      "data:image/png;base64,iVBORw0KGgo=",
      "javascript:alert(1)",
      "https://evil.example/x.png",
      `/files/${imageFileArea(owner.accountId!)}/../logos/V1StGXR8_Z5jdHi6B-myT9.png`,
    ]) {
      for (const [operation, variables] of [
        [
          "mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }",
          { q: quote.id, i: { name: "X", content: imageDoc(src) } },
        ],
        [
          "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
          { q: quote.id, i: { name: "X", content: imageDoc(src), pricingUnit: "NONE", lineItems: [] } },
        ],
        ["mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { id } }", { i: { name: "X", content: imageDoc(src) } }],
      ] as const) {
        const r = await gql<unknown>(operation, variables);
        expect(r.errors?.[0].extensions?.code, `${src} ${operation.slice(0, 40)}`).toBe("BAD_USER_INPUT");
        expect(r.errors?.[0].extensions?.fields?.content).toBe("Images must be uploaded here.");
      }
    }
    expect((await readQuote(quote.id)).data?.quote.quoteBlocks).toEqual([]);
    // The other account can use its own image.
    const own = await t.gql<{ createTextTemplateBlock: { content: unknown } }>(
      "mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { content } }",
      { i: { name: "Mine", content: imageDoc(theirs) } },
      other.headers(),
    );
    expect(own.data?.createTextTemplateBlock.content).toEqual(imageDoc(theirs));
  });

  it("refuses a visitor the upload", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const r = await uploadFile(t, UPLOAD, { bytes: png, name: "a.png", type: "image/png" }, { account: owner.accountId! });
    expect(r.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});

/** A PNG whose header claims `width` × `height` pixels, with a valid IHDR checksum and no real data. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
