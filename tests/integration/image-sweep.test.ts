import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appJobs } from "../../src/server/jobs";
import { sweepAccountImages, sweepUnusedImages } from "../../src/server/modules/blocks/image-sweep";
import { imageFileArea } from "../../src/shared/rich-text";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { createCustomer, createQuote, transition } from "../support/quotes";
import { uploadFile } from "../support/upload";

/**
 * The daily sweep of rich-text images (decision 035): an image nothing names any more and older
 * than a day is deleted; an image named by any quote block (also a duplicate's) or template block
 * is kept, and so is a young one (an editor may not have saved it yet).
 */
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let customerId: string;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Sweep Co" });
  other = await signUp(t, { company: "Other Co" });
  customerId = (await createCustomer(t, owner, { name: "Klant" })).id;
});
afterAll(async () => {
  await t.close();
});

const gql = async <T>(query: string, variables: Record<string, unknown>, user = owner): Promise<T> => {
  const r = (await t.gql<T>(query, variables, user.headers())) as { data?: T | null; errors?: unknown[] };
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data;
};
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
async function upload(user = owner): Promise<string> {
  const r = await uploadFile<{ uploadRichTextImage: { src: string } }>(
    t,
    "mutation ($file: File!) { uploadRichTextImage(file: $file) { src } }",
    { bytes: await png(), name: "a.png", type: "image/png" },
    user.headers(),
  );
  return r.data!.uploadRichTextImage.src;
}
const keyOf = (src: string) => src.slice("/files/".length);
const imageDoc = (src: string) => ({ type: "doc", content: [{ type: "image", attrs: { src, alt: "x", title: null } }] });
const textBlock = async (quoteId: string, content: unknown) =>
  (
    await gql<{ createTextQuoteBlock: { id: string } }>("mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }", {
      q: quoteId,
      i: { name: "Text", content },
    })
  ).createTextQuoteBlock.id;
const exists = async (src: string) => (await t.files.stat(keyOf(src))) !== null;

describe("sweep of unused rich-text images", () => {
  it("keeps referenced and young images, deletes old ones nothing names (quote blocks, duplicates, templates)", async () => {
    const quote = await createQuote(t, owner, customerId, { name: "Sweep quote" });
    const inQuote = await upload();
    await textBlock(quote.id, imageDoc(inQuote));

    // Named only by a duplicate: the original block is deleted after duplicating (they shared the key).
    const shared = await upload();
    const original = await textBlock(quote.id, imageDoc(shared));
    await gql("mutation ($id: ID!) { duplicateQuoteBlock(id: $id) { id } }", { id: original });
    await gql("mutation ($id: ID!) { deleteQuoteBlock(id: $id) }", { id: original });

    // Named only by a template: saved as a template, then the quote block is deleted.
    const inTemplate = await upload();
    const toTemplate = await textBlock(quote.id, imageDoc(inTemplate));
    await gql("mutation ($id: ID!) { saveQuoteBlockAsTemplate(id: $id) { id } }", { id: toTemplate });
    await gql("mutation ($id: ID!) { deleteQuoteBlock(id: $id) }", { id: toTemplate });

    // Removed from its block's content; and one uploaded but never saved.
    const removed = await upload();
    const edited = await textBlock(quote.id, imageDoc(removed));
    await gql("mutation ($id: ID!, $i: TextBlockInput!) { updateTextQuoteBlock(id: $id, input: $i) { id } }", {
      id: edited,
      i: { name: "Text", content: null },
    });
    const neverSaved = await upload();
    const othersNeverSaved = await upload(other);

    const all = [inQuote, shared, inTemplate, removed, neverSaved, othersNeverSaved];
    for (const src of all) expect(await exists(src)).toBe(true);

    // Today: everything is younger than a day, nothing goes (an editor may still save it).
    const young = await sweepUnusedImages(t.db, t.files);
    expect(young.deleted).toBe(0);
    for (const src of all) expect(await exists(src)).toBe(true);

    // One account's sweep touches only its own area.
    const tomorrow = new Date(Date.now() + DAY + 60_000);
    const mine = await sweepAccountImages(t.db, t.files, owner.accountId!, { now: tomorrow });
    expect(mine.deleted.sort()).toEqual([keyOf(removed), keyOf(neverSaved)].sort());
    expect(await exists(othersNeverSaved)).toBe(true);

    // A day later, for every account: only what nothing names is gone.
    const later = await sweepUnusedImages(t.db, t.files, { now: tomorrow });
    expect(later.deleted).toBe(1);
    expect(await exists(othersNeverSaved)).toBe(false);
    for (const src of [inQuote, shared, inTemplate]) expect(await exists(src)).toBe(true);
    for (const src of [removed, neverSaved]) expect(await exists(src)).toBe(false);
    // The kept images are still served; a second run finds nothing more (idempotent).
    expect((await t.fetch(shared)).status).toBe(200);
    expect((await sweepUnusedImages(t.db, t.files, { now: tomorrow })).deleted).toBe(0);
    expect((await t.files.list(imageFileArea(owner.accountId!))).map((f) => f.key).sort()).toEqual([inQuote, shared, inTemplate].map(keyOf).sort());
  });

  it("keeps an image that only an earlier published version of a quote shows (decision 032)", async () => {
    const quote = await createQuote(t, owner, customerId, { name: "Versioned quote" });
    const src = await upload();
    const block = await textBlock(quote.id, imageDoc(src));
    await transition(t, owner, "publishQuote", quote.id);
    await transition(t, owner, "withdrawQuote", quote.id);
    // Version 2 no longer shows it: only version 1's frozen document names the image.
    await gql("mutation ($id: ID!, $i: TextBlockInput!) { updateTextQuoteBlock(id: $id, input: $i) { id } }", {
      id: block,
      i: { name: "Text", content: null },
    });
    await transition(t, owner, "publishQuote", quote.id);
    const tomorrow = new Date(Date.now() + DAY + 60_000);
    const swept = await sweepAccountImages(t.db, t.files, owner.accountId!, { now: tomorrow });
    expect(swept.deleted).not.toContain(keyOf(src));
    expect(await exists(src)).toBe(true);
  });

  it("is a background job the worker runs", () => {
    expect(appJobs.map((job) => job.name)).toContain("sweep-images");
  });
});
