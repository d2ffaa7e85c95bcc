import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../src/server/db/schema";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedInAs, signIn, signUp } from "../support/auth";
import { type TestS3, startTestS3 } from "../support/s3";
import { crc32, uploadFile } from "../support/upload";

/**
 * Account settings (issue 11 parts 1, 2 and 4): updateAccount, updateAccountStyling, the logo
 * upload and removal against both file adapters, and createAccount. The role rule: owners and
 * admins change settings, members are refused.
 */

const ACCOUNT_FIELDS =
  "id name country currency language vatNumber billingFirstName billingLastName billingStreetAndNumber billingStreetAdditional billingPostalCode billingCity billingCountry quoteStreetAndNumber quotePostalCode quoteCity linkColor textColor textFont fileUrl(version: 1)";
const UPDATE = `mutation ($input: UpdateAccountInput!) { updateAccount(input: $input) { ${ACCOUNT_FIELDS} } }`;
const STYLING = `mutation ($input: UpdateAccountStylingInput!) { updateAccountStyling(input: $input) { ${ACCOUNT_FIELDS} } }`;
const LOGO = "mutation ($file: File!) { updateAccountLogo(file: $file) { id fileUrl(version: 7) } }";
const REMOVE = "mutation { removeAccountLogo { id fileUrl(version: 1) } }";
const READ = `{ account { ${ACCOUNT_FIELDS} } }`;

type Account = Record<string, string | null>;

const DUTCH = {
  name: "Studio Noord B.V.",
  country: "NL",
  currency: "EUR",
  language: "NL",
  vatNumber: "nl 8512.34.567 b01",
  billingFirstName: "Anna",
  billingLastName: "de Vries",
  billingStreetAndNumber: "Keizersgracht 1",
  billingStreetAdditional: "",
  billingPostalCode: "1015cd",
  billingCity: "Amsterdam",
  billingCountry: null,
  quoteStreetAndNumber: "Keizersgracht 1",
  quotePostalCode: "1015 CD",
  quoteCity: "Amsterdam",
};

describe("account settings", () => {
  let t: TestApp;
  let owner: SignedInAs;
  let admin: SignedInAs;
  let member: SignedInAs;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t, "owner", { company: "Settings Co" });
    admin = await signIn(t, "admin", { account: owner });
    member = await signIn(t, "member", { account: owner });
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async () => (await t.gql<{ account: Account }>(READ, {}, owner.headers())).data!.account;

  it("an owner saves the general settings, normalised, and reads them back", async () => {
    const saved = await t.gql<{ updateAccount: Account }>(UPDATE, { input: DUTCH }, owner.headers());
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateAccount).toMatchObject({
      name: "Studio Noord B.V.",
      country: "NL",
      language: "NL",
      vatNumber: "NL851234567B01",
      billingPostalCode: "1015 CD",
      billingStreetAdditional: null,
      billingCountry: null,
      quotePostalCode: "1015 CD",
    });
    expect(await read()).toMatchObject({ name: "Studio Noord B.V.", vatNumber: "NL851234567B01", quoteCity: "Amsterdam" });
  });

  it("an admin may save; a member is refused and nothing changes", async () => {
    const byAdmin = await t.gql<{ updateAccount: Account }>(UPDATE, { input: { ...DUTCH, quoteCity: "Utrecht" } }, admin.headers());
    expect(byAdmin.data?.updateAccount.quoteCity).toBe("Utrecht");
    const byMember = await t.gql(UPDATE, { input: { ...DUTCH, name: "Hijacked" } }, member.headers());
    expect(byMember.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const styling = await t.gql(STYLING, { input: { linkColor: "#000000" } }, member.headers());
    expect(styling.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const remove = await t.gql(REMOVE, {}, member.headers());
    expect(remove.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    // A member still reads the account (the settings screen shows it read-only: viewerRole).
    const seen = await t.gql<{ account: Account & { viewerRole: string } }>(`{ account { name viewerRole } }`, {}, member.headers());
    expect(seen.data?.account).toEqual({ name: "Studio Noord B.V.", viewerRole: "MEMBER" });
    const roles = await Promise.all(
      [owner, admin].map(
        async (who) => (await t.gql<{ account: { viewerRole: string } }>("{ account { viewerRole } }", {}, who.headers())).data?.account.viewerRole,
      ),
    );
    expect(roles).toEqual(["OWNER", "ADMIN"]);
  });

  it("checks postal codes and VAT numbers per country, in the caller's language, and stores nothing", async () => {
    const before = await read();
    const wrong = await t.gql(UPDATE, { input: { ...DUTCH, quotePostalCode: "SW1A 1AA", vatNumber: "GB123456789", name: "Changed" } }, owner.headers());
    expect(wrong.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { quotePostalCode: "Enter a Dutch postal code like 1234 AB.", vatNumber: "A Dutch VAT number looks like NL123456789B01." },
    });
    const dutch = await t.gql(UPDATE, { input: { ...DUTCH, billingPostalCode: "12345" } }, { ...owner.headers(), "accept-language": "nl" });
    expect(dutch.errors?.[0].extensions?.fields).toEqual({ billingPostalCode: "Vul een Nederlandse postcode in, zoals 1234 AB." });
    const country = await t.gql(UPDATE, { input: { ...DUTCH, country: "DE" } }, owner.headers());
    expect(country.errors?.[0].extensions?.fields).toMatchObject({ country: "Please choose a country from the list." });
    const currency = await t.gql(UPDATE, { input: { ...DUTCH, currency: "JPY", name: "" } }, owner.headers());
    expect(currency.errors?.[0].extensions?.fields).toMatchObject({
      currency: "Please choose a currency from the list.",
      name: "Please enter your company name.",
    });
    expect(await read()).toEqual(before);
  });

  it("a British account: UK postcode and GB VAT numbers (9 or 12 digits); billing follows its own country", async () => {
    const british = {
      ...DUTCH,
      country: "GB",
      currency: "GBP",
      language: "ENG",
      vatNumber: "GB 123 4567 89 012",
      quotePostalCode: "sw1a1aa",
      billingCountry: "NL",
      billingPostalCode: "1015CD",
    };
    const saved = await t.gql<{ updateAccount: Account }>(UPDATE, { input: british }, owner.headers());
    expect(saved.data?.updateAccount).toMatchObject({
      country: "GB",
      vatNumber: "GB123456789012",
      quotePostalCode: "SW1A 1AA",
      billingCountry: "NL",
      billingPostalCode: "1015 CD",
    });
    const bad = await t.gql(UPDATE, { input: { ...british, vatNumber: "GB1234", quotePostalCode: "1234 AB" } }, owner.headers());
    expect(Object.keys(bad.errors?.[0].extensions?.fields as object).sort()).toEqual(["quotePostalCode", "vatNumber"]);
  });

  it("saves colours and a bundled font; refuses an invalid colour and a font not in the list", async () => {
    const saved = await t.gql<{ updateAccountStyling: Account }>(
      STYLING,
      { input: { linkColor: "#C2410C", textColor: "#333", textFont: "MERRIWEATHER" } },
      admin.headers(),
    );
    expect(saved.data?.updateAccountStyling).toMatchObject({ linkColor: "#c2410c", textColor: "#333333", textFont: "MERRIWEATHER" });
    const bad = await t.gql(STYLING, { input: { linkColor: "red", textColor: "#12345g", textFont: "Comic Sans" } }, owner.headers());
    expect(bad.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: {
        linkColor: "Enter a colour as #rrggbb, for example #1d4ed8.",
        textColor: "Enter a colour as #rrggbb, for example #1d4ed8.",
        textFont: "Please choose a font from the list.",
      },
    });
    expect(await read()).toMatchObject({ linkColor: "#c2410c", textColor: "#333333", textFont: "MERRIWEATHER" });
    const cleared = await t.gql<{ updateAccountStyling: Account }>(STYLING, { input: { linkColor: "", textColor: null, textFont: "" } }, owner.headers());
    expect(cleared.data?.updateAccountStyling).toMatchObject({ linkColor: null, textColor: null, textFont: null });
  });

  it("the database refuses a colour or font the service would not write", async () => {
    await expect(t.db.update(accounts).set({ linkColor: "javascript:alert(1)" }).where(eq(accounts.id, owner.accountId))).rejects.toThrow();
    await expect(
      t.db
        .update(accounts)
        .set({ textFont: "Comic Sans" as never })
        .where(eq(accounts.id, owner.accountId)),
    ).rejects.toThrow();
  });

  it("a signed-in user creates another account and becomes its owner; input is checked", async () => {
    const created = await t.gql<{ createAccount: { id: string; name: string; subscriptionPlan: string } }>(
      "mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id name subscriptionPlan } }",
      { input: { companyName: "  Second Co " } },
      member.headers(null),
    );
    expect(created.data?.createAccount).toMatchObject({ name: "Second Co", subscriptionPlan: "TRIAL" });
    const id = created.data!.createAccount.id;
    const mine = await t.gql<{ accounts: { items: { name: string }[] } }>("{ accounts { items { name } } }", {}, member.headers(null));
    expect(mine.data?.accounts.items.map((a) => a.name)).toEqual(["Studio Noord B.V.", "Second Co"]);
    // Owner of the new one: may change its settings (an admin-only field).
    const styled = await t.gql(STYLING, { input: { linkColor: "#000000" } }, member.headers(id));
    expect(styled.errors).toBeUndefined();
    const empty = await t.gql(
      "mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }",
      { input: { companyName: " " } },
      { ...member.headers(null), "accept-language": "nl" },
    );
    expect(empty.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(empty.errors?.[0].message).toMatch(/bedrijf/i);
    const visitor = await t.gql("mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }", { input: { companyName: "X" } });
    expect(visitor.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
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
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe.each([
  { name: "local folder", s3: false },
  { name: "S3-compatible storage", s3: true },
])("the logo upload ($name)", ({ s3: useS3 }) => {
  let t: TestApp;
  let s3: TestS3 | undefined;
  let owner: SignedInAs;
  let realPng: Buffer;

  beforeAll(async () => {
    s3 = useS3 ? await startTestS3() : undefined;
    t = await createTestApp({ env: s3?.env });
    owner = await signIn(t, "owner", { company: "Logo Co" });
    // A real 2000 × 1000 PNG with a gradient and transparency, and a marker in its metadata.
    realPng = await sharp({ create: { width: 2000, height: 1000, channels: 4, background: { r: 200, g: 40, b: 10, alpha: 0.5 } } })
      .withMetadata({ exif: { IFD0: { ImageDescription: "secret-camera-serial-123" } } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const currentKey = async () => (await t.db.select({ key: accounts.logoFileKey }).from(accounts).where(eq(accounts.id, owner.accountId)))[0].key;
  const upload = (bytes: Buffer, name: string, type: string, who = owner) =>
    uploadFile<{ updateAccountLogo: { id: string; fileUrl: string | null } }>(t, LOGO, { bytes, name, type }, who.headers());

  it("stores a real PNG decoded, resized and re-encoded (never the original bytes), served from /files", async () => {
    const result = await upload(realPng, "logo.png", "image/png");
    expect(result.errors).toBeUndefined();
    const url = result.data!.updateAccountLogo.fileUrl!;
    expect(url).toMatch(/^\/files\/logos\/[A-Za-z0-9_-]{22}\.png\?v=7$/);
    const served = await t.fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(realPng)).toBe(false);
    expect(bytes.includes(Buffer.from("secret-camera-serial-123"))).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([800, 400, true]);
  });

  it("replaces the logo: the new file is stored, then the old one is deleted; JPEG stays JPEG, WebP becomes PNG", async () => {
    const first = await currentKey();
    const jpeg = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const asJpeg = await upload(jpeg, "photo.jpg", "image/jpeg");
    expect(asJpeg.data?.updateAccountLogo.fileUrl).toMatch(/\.jpg\?v=7$/);
    expect((await t.fetch(`/files/${first}`)).status).toBe(404);
    const second = await currentKey();
    const webp = await sharp({ create: { width: 120, height: 60, channels: 4, background: "#00ff0080" } })
      .webp()
      .toBuffer();
    const asPng = await upload(webp, "logo.webp", "image/webp");
    expect(asPng.data?.updateAccountLogo.fileUrl).toMatch(/\.png\?v=7$/);
    expect((await t.fetch(`/files/${second}`)).status).toBe(404);
    // Small images are never enlarged.
    const meta = await sharp(Buffer.from(await (await t.fetch(asPng.data!.updateAccountLogo.fileUrl!)).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([120, 60]);
  });

  it.each([
    {
      name: "HTML named .png",
      make: async () => Buffer.from("<!DOCTYPE html><html><script>alert(document.cookie)</script></html>"),
      file: "logo.png",
      type: "image/png",
      message: "The logo must be a PNG, JPEG or WebP image.",
    },
    {
      name: "an SVG with a script",
      make: async () =>
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>',
        ),
      file: "logo.svg",
      type: "image/svg+xml",
      message: "The logo must be a PNG, JPEG or WebP image.",
    },
    {
      name: "a GIF (not an allowed type)",
      make: () =>
        sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
          .gif()
          .toBuffer(),
      file: "logo.png",
      type: "image/png",
      message: "The logo must be a PNG, JPEG or WebP image.",
    },
    {
      name: "a pixel flood (PNG header claiming 20 000 × 20 000)",
      make: async () => pngClaiming(20_000, 20_000),
      file: "flood.png",
      type: "image/png",
      message: "This image is too large (at most 40 megapixels).",
    },
    {
      name: "a truncated PNG",
      make: async () => pngClaiming(100, 100),
      file: "broken.png",
      type: "image/png",
      message: "This image could not be read. Please try another file.",
    },
    { name: "an empty file", make: async () => Buffer.alloc(0), file: "empty.png", type: "image/png", message: "The logo must be a PNG, JPEG or WebP image." },
  ])("refuses $name with a clear message and keeps the stored logo", async ({ make, file, type, message }) => {
    const before = await currentKey();
    expect(before).not.toBeNull();
    const result = await upload(await make(), file, type);
    expect(result.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(result.errors?.[0].message).toBe(message);
    expect(result.errors?.[0].extensions?.fields).toEqual({ file: message });
    expect(await currentKey()).toBe(before);
    expect((await t.fetch(`/files/${before}`)).status).toBe(200);
  });

  it("refuses a 6 MB file before reading it (413, translated) and keeps the stored logo", async () => {
    const before = await currentKey();
    const big = Buffer.concat([realPng, Buffer.alloc(6 * 1024 * 1024)]);
    const result = await uploadFile(t, LOGO, { bytes: big, name: "big.png", type: "image/png" }, { ...owner.headers(), "accept-language": "nl" });
    expect(result.status).toBe(413);
    expect(result.errors?.[0].extensions?.code).toBe("PAYLOAD_TOO_LARGE");
    expect(result.errors?.[0].message).toMatch(/KB/);
    expect(await currentKey()).toBe(before);
  });

  it("refuses just over 5 MB inside the multipart allowance with the logo's own message", async () => {
    const before = await currentKey();
    const over = Buffer.concat([realPng, Buffer.alloc(5 * 1024 * 1024 + 10 - realPng.length)]);
    const result = await upload(over, "over.png", "image/png");
    expect(result.errors?.[0].message).toBe("The logo can be at most 5 MB.");
    expect(await currentKey()).toBe(before);
  });

  it("keeps the JSON limit for ordinary GraphQL requests", async () => {
    const response = await t.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1", ...owner.headers() },
      body: JSON.stringify({ query: "{ me { id } }", variables: { pad: "x".repeat(2 * 1024 * 1024) } }),
    });
    expect(response.status).toBe(413);
  });

  it("a member may not upload; a visitor is asked to sign in", async () => {
    const member = await signIn(t, "member", { account: owner });
    const before = await currentKey();
    const byMember = await upload(realPng, "logo.png", "image/png", member);
    expect(byMember.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const visitor = await uploadFile(t, LOGO, { bytes: realPng, name: "logo.png", type: "image/png" }, { account: owner.accountId });
    expect(visitor.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(await currentKey()).toBe(before);
  });

  it("removes the logo and its file", async () => {
    const before = await currentKey();
    const removed = await t.gql<{ removeAccountLogo: { fileUrl: string | null } }>(REMOVE, {}, owner.headers());
    expect(removed.data?.removeAccountLogo.fileUrl).toBeNull();
    expect(await currentKey()).toBeNull();
    expect((await t.fetch(`/files/${before}`)).status).toBe(404);
    const again = await t.gql<{ removeAccountLogo: { fileUrl: string | null } }>(REMOVE, {}, owner.headers());
    expect(again.data?.removeAccountLogo.fileUrl).toBeNull();
  });

  it("another account's logo is untouched by this account's uploads", async () => {
    const other = await signUp(t, { company: "Other Co" });
    const mine = await upload(realPng, "logo.png", "image/png");
    expect(mine.errors).toBeUndefined();
    const theirs = await t.gql<{ account: { fileUrl: string | null } }>("{ account { fileUrl(version: 1) } }", {}, other.headers());
    expect(theirs.data?.account.fileUrl).toBeNull();
  });
});

describe("the public account on a quote (SPEC §3 Quote.identityAccount)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("carries the sending company's name, styling and quote address, batched for a list", async () => {
    const owner = await signIn(app, "owner", { company: "Styled BV" });
    const saved = await app.gql(
      "mutation ($input: UpdateAccountStylingInput!) { updateAccountStyling(input: $input) { id } }",
      { input: { linkColor: "#1d4ed8", textColor: "#111827", textFont: "LATO" } },
      owner.headers(),
    );
    expect(saved.errors).toBeUndefined();
    await app.db.update(accounts).set({ quoteCity: "Utrecht" }).where(eq(accounts.id, owner.accountId));
    const customer = await app.gql<{ createCustomer: { id: string } }>('mutation { createCustomer(input: { name: "Klant" }) { id } }', {}, owner.headers());
    const input = {
      customerId: customer.data!.createCustomer.id,
      language: "NL",
      currency: "EUR",
      quoteDateAt: "2026-11-01",
      quoteExpirationAt: "2026-12-01",
      signable: true,
    };
    for (const name of ["Offerte 1", "Offerte 2"]) {
      const created = await app.gql("mutation ($input: QuoteInput!) { createQuote(input: $input) { id } }", { input: { ...input, name } }, owner.headers());
      expect(created.errors).toBeUndefined();
    }
    const list = await app.gql<{ quotes: { items: { identityAccount: Record<string, unknown> }[] } }>(
      "{ quotes { items { identityAccount { name linkColor textColor textFont quoteCity fileUrl(version: 1) } } } }",
      {},
      owner.headers(),
    );
    expect(list.errors).toBeUndefined();
    expect(list.data!.quotes.items).toHaveLength(2);
    for (const item of list.data!.quotes.items) {
      expect(item.identityAccount).toEqual({
        name: "Styled BV",
        linkColor: "#1d4ed8",
        textColor: "#111827",
        textFont: "LATO",
        quoteCity: "Utrecht",
        fileUrl: null,
      });
    }
  });
});
