import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";

/** Template blocks and signature templates (issue 10). */
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Templates Co" });
});
afterAll(async () => {
  await t.close();
});

type Errors = { message: string; extensions?: { code?: string } }[];
const gql = <T>(query: string, variables: Record<string, unknown> = {}, locale?: string) =>
  t.gql<T>(query, variables, { ...owner.headers(), ...(locale ? { "accept-language": locale } : {}) }) as Promise<{ data?: T | null; errors?: Errors }>;

const TEMPLATE =
  "__typename id name content createdAt updatedAt ... on PricingTemplateBlock { pricingUnit discountType discountValue totals { oneOff { totalExclVat vatTotal } recurring { interval totalExclVat } } templateLineItems { name price amount vatRate optional selected recurring total } }";
type Template = {
  __typename: string;
  id: string;
  name: string;
  templateLineItems?: { name: string; total: string }[];
  totals?: { oneOff: { totalExclVat: string; vatTotal: string }; recurring: { interval: string; totalExclVat: string }[] };
};
const line = (over: Record<string, unknown> = {}) => ({
  name: "Hosting",
  price: "150",
  amount: "1",
  vatRate: "21",
  optional: false,
  selected: true,
  recurring: true,
  ...over,
});

describe("template blocks", () => {
  it("creates, lists (by kind and name), reads, updates, duplicates and deletes text and pricing templates", async () => {
    const text = await gql<{ createTextTemplateBlock: Template }>(
      `mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { __typename id name content createdAt updatedAt } }`,
      {
        i: { name: "Introduction", content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hello" }] }] } },
      },
    );
    expect(text.data?.createTextTemplateBlock.__typename).toBe("TextTemplateBlock");
    const pricing = await gql<{ createPricingTemplateBlock: Template }>(
      `mutation ($i: PricingBlockInput!) { createPricingTemplateBlock(input: $i) { ${TEMPLATE} } }`,
      {
        i: {
          name: "Monthly hosting",
          pricingUnit: "MONTH",
          discountType: "PERCENTAGE",
          discountValue: "10",
          lineItems: [line(), line({ name: "Setup", price: "500", recurring: false })],
        },
      },
    );
    expect(pricing.errors).toBeUndefined();
    const p = pricing.data!.createPricingTemplateBlock;
    expect(p.totals).toEqual({ oneOff: { totalExclVat: "450.00", vatTotal: "94.50" }, recurring: [{ interval: "MONTH", totalExclVat: "135.00" }] });

    const list = await gql<{ templateBlocks: { totalCount: number; items: { name: string }[] } }>(
      "query ($k: BlockKind, $s: String) { templateBlocks(kind: $k, search: $s) { totalCount items { name } } }",
      { k: "PRICING" },
    );
    expect(list.data?.templateBlocks).toEqual({ totalCount: 1, items: [{ name: "Monthly hosting" }] });
    const search = await gql<{ templateBlocks: { items: { name: string }[] } }>("query ($s: String) { templateBlocks(search: $s) { items { name } } }", {
      s: "intro",
    });
    expect(search.data?.templateBlocks.items).toEqual([{ name: "Introduction" }]);

    const updated = await gql<{ updatePricingTemplateBlock: Template }>(
      `mutation ($id: ID!, $i: PricingBlockInput!) { updatePricingTemplateBlock(id: $id, input: $i) { ${TEMPLATE} } }`,
      {
        id: p.id,
        i: { name: "Hosting", pricingUnit: "MONTH", lineItems: [line({ price: "200" })] },
      },
    );
    expect(updated.data?.updatePricingTemplateBlock.templateLineItems).toEqual([expect.objectContaining({ name: "Hosting", total: "200.00" })]);
    const updatedText = await gql<{ updateTextTemplateBlock: Template }>(
      `mutation ($id: ID!, $i: TextBlockInput!) { updateTextTemplateBlock(id: $id, input: $i) { id name } }`,
      {
        id: text.data!.createTextTemplateBlock.id,
        i: { name: "Welcome" },
      },
    );
    expect(updatedText.data?.updateTextTemplateBlock.name).toBe("Welcome");
    const read = await gql<{ templateBlock: Template }>(`query ($id: ID!) { templateBlock(id: $id) { ${TEMPLATE} } }`, { id: p.id });
    expect(read.data?.templateBlock.name).toBe("Hosting");

    const dup = await gql<{ duplicateTemplateBlock: Template }>(`mutation ($id: ID!) { duplicateTemplateBlock(id: $id) { ${TEMPLATE} } }`, { id: p.id });
    expect(dup.data?.duplicateTemplateBlock).toMatchObject({ name: "Hosting", templateLineItems: [{ total: "200.00" }] });
    expect(dup.data?.duplicateTemplateBlock.id).not.toBe(p.id);
    const del = await gql<{ deleteTemplateBlock: string }>("mutation ($id: ID!) { deleteTemplateBlock(id: $id) }", { id: p.id });
    expect(del.data?.deleteTemplateBlock).toBe(p.id);
    const gone = await gql("query ($id: ID!) { templateBlock(id: $id) { id } }", { id: p.id }, "nl");
    expect(gone.errors?.[0]).toMatchObject({ message: "Dit sjabloon bestaat niet of hoort bij een ander account.", extensions: { code: "NOT_FOUND" } });
  });

  it("refuses bad input with the same rules as quote blocks", async () => {
    const r = await gql(`mutation ($i: PricingBlockInput!) { createPricingTemplateBlock(input: $i) { id } }`, {
      i: { name: "x", pricingUnit: "DAY", lineItems: [line()] },
    });
    expect(r.errors?.[0].message).toBe("Recurring lines need the unit month, quarter or year.");
    const js = await gql(`mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { id } }`, {
      i: {
        name: "x",
        content: {
          type: "doc",
          content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] }] }],
        },
      },
    });
    expect(js.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });
});

// A real 1×1 PNG, and bytes that only claim to be one.
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const FAKE = `data:image/png;base64,${Buffer.from("<svg onload=alert(1)></svg>").toString("base64")}`;
const SIGNATURE = "id name kind signature isDefault";
type Signature = { id: string; name: string; kind: string; signature: string; isDefault: boolean };

describe("signature templates", () => {
  it("stores a drawn PNG through the files adapter, a typed one as text, and keeps one default", async () => {
    const CREATE = `mutation ($i: TemplateSignatureInput!) { createTemplateSignature(input: $i) { ${SIGNATURE} } }`;
    const drawn = await gql<{ createTemplateSignature: Signature }>(CREATE, { i: { name: "Drawn", kind: "DRAWN", signature: PNG, isDefault: true } });
    expect(drawn.errors).toBeUndefined();
    expect(drawn.data?.createTemplateSignature).toMatchObject({ kind: "DRAWN", isDefault: true });
    const url = drawn.data!.createTemplateSignature.signature;
    expect(url).toMatch(/^\/files\/signatures\/[A-Za-z0-9_-]{22}\.png$/);
    const file = await t.app.request(url, { headers: { cookie: owner.cookie } }); // members only: tests/integration/signature-files.test.ts
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");

    const typed = await gql<{ createTemplateSignature: Signature }>(CREATE, { i: { name: "Typed", kind: "TYPED", signature: "Jan Jansen", isDefault: true } });
    expect(typed.data?.createTemplateSignature).toMatchObject({ signature: "Jan Jansen", isDefault: true });
    const list = await gql<{ templateSignatures: { totalCount: number; items: Signature[] } }>(`{ templateSignatures { totalCount items { ${SIGNATURE} } } }`);
    expect(list.data?.templateSignatures.items.map((s) => [s.name, s.isDefault])).toEqual([
      ["Typed", true],
      ["Drawn", false],
    ]);

    const UPDATE = `mutation ($id: ID!, $i: TemplateSignatureInput!) { updateTemplateSignature(id: $id, input: $i) { ${SIGNATURE} } }`;
    const kept = await gql<{ updateTemplateSignature: Signature }>(UPDATE, {
      id: drawn.data!.createTemplateSignature.id,
      i: { name: "Renamed", kind: "DRAWN", signature: url, isDefault: true },
    });
    expect(kept.data?.updateTemplateSignature).toMatchObject({ name: "Renamed", signature: url, isDefault: true });
    const one = await gql<{ templateSignature: Signature }>(`query ($id: ID!) { templateSignature(id: $id) { ${SIGNATURE} } }`, {
      id: typed.data!.createTemplateSignature.id,
    });
    expect(one.data?.templateSignature.isDefault).toBe(false);

    const del = await gql<{ deleteTemplateSignature: string }>("mutation ($id: ID!) { deleteTemplateSignature(id: $id) }", {
      id: drawn.data!.createTemplateSignature.id,
    });
    expect(del.data?.deleteTemplateSignature).toBe(drawn.data!.createTemplateSignature.id);
    expect((await t.app.request(url)).status).toBe(404);
  });

  it.each([
    ["bytes that are not a PNG", { kind: "DRAWN", signature: FAKE }, "A drawn signature must be a PNG image."],
    ["an SVG data URL", { kind: "DRAWN", signature: "data:image/svg+xml;base64,PHN2Zz4=" }, "A drawn signature must be a PNG image."],
    ["a drawing over 200 KB", { kind: "DRAWN", signature: `data:image/png;base64,${"A".repeat(280_000)}` }, "The drawing is too large (at most 200 KB)."],
    ["someone else's file URL", { kind: "DRAWN", signature: "/files/logos/AAAAAAAAAAAAAAAAAAAAAA.png" }, "A drawn signature must be a PNG image."],
    ["a long typed signature", { kind: "TYPED", signature: "x".repeat(101) }, "A typed signature is at most 100 characters."],
    ["an unknown kind", { kind: "STAMP", signature: "x" }, "Choose a drawn or a typed signature."],
  ])("refuses %s", async (_name, input, message) => {
    const r = await gql(`mutation ($i: TemplateSignatureInput!) { createTemplateSignature(input: $i) { id } }`, { i: { name: "Bad", ...input } });
    expect(r.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
  });
});
