import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../src/server/db/schema";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";
import { uploadFile } from "../support/upload";

/**
 * The logo's box is in the public page's markup (issue 22 item 3): the processed size is stored
 * with the logo, and the page's <img> carries it so the browser reserves the box before the image
 * arrives. Logos stored before the size was kept get a fixed 240 × 48 box.
 * (tests/e2e/public-quote-layout-shift.test.ts measures the layout shift in Chromium.)
 */

let t: TestApp;
let sender: SignedIn;
let path: string;

const LOGO = "mutation ($file: File!) { updateAccountLogo(file: $file) { id } }";
const size = async () =>
  (await t.db.select({ width: accounts.logoWidth, height: accounts.logoHeight }).from(accounts).where(eq(accounts.id, sender.accountId!)))[0];
/** The logo's <img> tag on the public page (`expected`: print what the page showed when it has none). */
const logoTag = async (expected = true) => {
  const response = await t.fetch(path, { headers: { accept: "text/html" } });
  const body = await response.text();
  const tag = /<img [^>]*data-testid="public-logo"[^>]*>/.exec(body)?.[0] ?? null;
  if (expected && !tag) {
    const header = /<header[\s\S]*?<\/header>/.exec(body)?.[0] ?? body.slice(0, 2000);
    console.error(`no logo on the page (${response.status}): ${header.replace(/\s+/g, " ").slice(0, 1500)}`);
  }
  return tag;
};
const upload = async (width: number, height: number) => {
  const png = await sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const result = await uploadFile(t, LOGO, { bytes: png, name: "logo.png", type: "image/png" }, sender.headers());
  expect(result.errors).toBeUndefined();
};

beforeAll(async () => {
  t = await createTestApp({ ssr: true, env: { NODE_ENV: "production" } });
  sender = await signUp(t, { company: "Wide Logo BV", name: "Wim Wide" });
  const customer = await createCustomer(t, sender);
  const quote = await createQuote(t, sender, customer.id);
  await addBlocks(t, quote.id);
  const published = await transition(t, sender, "publishQuote", quote.id);
  if (published.errors) throw new Error(JSON.stringify(published.errors));
  path = new URL(quote.url).pathname;
});
afterAll(async () => {
  await t.close();
});

describe("the logo's size on the public page", () => {
  it("is stored at upload as processed (1200 × 240 fitted into 800 × 400) and written into the <img>", async () => {
    await upload(1200, 240);
    expect(await size()).toEqual({ width: 800, height: 160 });
    const tag = await logoTag();
    expect(tag).toContain('width="800"');
    expect(tag).toContain('height="160"');
    // 48 px high, as wide as the ratio makes it, at most 240 px (the stored ratio gives the width).
    expect(tag).toMatch(/class="[^"]*\bh-12\b[^"]*\bw-auto\b[^"]*\bmax-w-60\b/);
  });

  it("follows a replaced logo", async () => {
    await upload(300, 300);
    expect(await size()).toEqual({ width: 300, height: 300 });
    const tag = await logoTag();
    expect(tag).toContain('width="300"');
    expect(tag).toContain('height="300"');
  });

  it("a logo stored before sizes were kept gets the whole 240 × 48 box, the image fitted into it", async () => {
    await t.db.update(accounts).set({ logoWidth: null, logoHeight: null }).where(eq(accounts.id, sender.accountId!));
    const tag = await logoTag();
    expect(tag).toContain('width="240"');
    expect(tag).toContain('height="48"');
    expect(tag).toMatch(/class="[^"]*\bh-12\b[^"]*\bw-60\b/);
    expect(tag).toContain("object-contain");
  });

  it("is cleared with the logo, and the database refuses half a size", async () => {
    await upload(1200, 240);
    const removed = await t.fetch("/graphql", {
      method: "POST",
      headers: { ...sender.headers(), "content-type": "application/json", "x-graphql-csrf": "1" },
      body: JSON.stringify({ query: "mutation { removeAccountLogo { id } }" }),
    });
    expect(((await removed.json()) as { errors?: unknown }).errors).toBeUndefined();
    expect(await size()).toEqual({ width: null, height: null });
    expect(await logoTag(false)).toBeNull();
    await expect(t.db.update(accounts).set({ logoWidth: 800 }).where(eq(accounts.id, sender.accountId!))).rejects.toThrow();
  });
});
