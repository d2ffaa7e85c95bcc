import { eq } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountInvitations,
  accountUsers,
  accounts,
  apiKeys,
  customers,
  domainEvents,
  quotes,
  sessions,
  templateSignatures,
  users,
} from "../../src/server/db/schema";
import { createFileStorage } from "../../src/server/files";
import { recordTime, recordView } from "../../src/server/modules/statistics/statistics.service";
import { uploadFile } from "../support/upload";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signIn, signUp, uniqueEmail } from "../support/auth";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";
import { invite, runJobs } from "../support/team";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const code = (result: { errors?: { extensions?: Record<string, unknown> }[] }) => result.errors?.[0]?.extensions?.code;
const exportOf = (user: SignedIn, accountId = user.accountId) => t.fetch(`/api/account-data/export?account=${accountId}`, { headers: { cookie: user.cookie } });
const DELETE = "mutation ($n: String!) { deleteAccount(confirmName: $n) }";

async function filled(company: string) {
  const owner = await signUp(t, { company, name: "Olga Owner" });
  const customer = await createCustomer(t, owner, { name: 'Jansen, "the" Bakery', email: "info@jansen.test", content: '=HYPERLINK("x")' });
  const quote = await createQuote(t, owner, customer.id, { name: `${company} website` });
  await addBlocks(t, quote.id);
  await transition(t, owner, "publishQuote", quote.id);
  return { owner, customer, quote };
}

describe("export", () => {
  it("gives the owner a zip with JSON and CSV of the account's data, and nothing of another account", async () => {
    const { owner, customer, quote } = await filled("Export Co");
    const other = await filled("Other Co");
    // A customer read each quote (issue 15): the statistics of this account only are exported.
    const read = async (nanoId: string, seconds: number) => {
      const visitor = { ip: `203.0.113.${seconds}`, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0", purpose: null, userId: null };
      const { viewId } = await recordView(t.db, { publicUrl: t.config.publicUrl }, nanoId, visitor, new Date(Date.now() - 120_000));
      expect((await recordTime(t.db, { viewId: viewId!, nanoId, seconds, blocks: [] }, visitor.ip)).acceptedSeconds).toBe(seconds);
      return viewId!;
    };
    const viewId = await read(quote.nanoId, 42);
    // An API key (issue 23): exported as listed, never the key or its hash.
    const apiKey = await t.gql<{ createApiKey: { key: string; apiKey: { id: string } } }>(
      "mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key apiKey { id } } }",
      { input: { name: "Export Co Zapier", role: "READ_ONLY" } },
      owner.headers(),
    );
    expect(apiKey.errors).toBeUndefined();
    const otherViewId = await read(other.quote.nanoId, 17);
    const template = await t.gql<{ createTextTemplateBlock: { id: string } }>(
      "mutation ($input: TextBlockInput!) { createTextTemplateBlock(input: $input) { id } }",
      { input: { name: "Export Co terms", content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Pay in 14 days" }] }] } } },
      owner.headers(),
    );
    expect(template.errors).toBeUndefined();
    const signature = await t.gql(
      "mutation ($input: TemplateSignatureInput!) { createTemplateSignature(input: $input) { id } }",
      { input: { name: "Olga", kind: "TYPED", signature: "Olga Owner" } },
      owner.headers(),
    );
    expect(signature.errors).toBeUndefined();
    const response = await exportOf(owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="offerly-export-co-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      "README.txt",
      "account.json",
      "api-keys.json",
      "conversation.json",
      "custom-domain.json",
      "customers.csv",
      "customers.json",
      "docusign-envelopes.json",
      "events.json",
      "invoices.json",
      "quote-audit-events.json",
      "quote-invoices.json",
      "quote-payments.json",
      "quote-pdfs.json",
      "quote-signatures.json",
      "quote-subscription-payments.json",
      "quote-subscriptions.json",
      "quote-versions.json",
      "quoteReminders.json",
      "quotes.csv",
      "quotes.json",
      "signatures.json",
      "statistics-blocks.json",
      "statistics-daily-per-quote.csv",
      "statistics-daily-per-quote.json",
      "statistics-daily.csv",
      "statistics-daily.json",
      "statistics-payments-daily.csv",
      "statistics-payments-daily.json",
      "statistics-time-entries.json",
      "statistics-views.csv",
      "statistics-views.json",
      "team.json",
      "templates.json",
      "webhook-deliveries.json",
      "webhook-endpoints.json",
    ]);
    const json = (name: string) => JSON.parse(strFromU8(files[name]));
    expect(json("account.json")).toMatchObject([{ id: owner.accountId, name: "Export Co" }]);
    expect(json("team.json")).toMatchObject([{ name: "Olga Owner", role: "owner" }]);
    expect(json("customers.json")).toMatchObject([{ id: customer.id, name: 'Jansen, "the" Bakery' }]);
    const [q] = json("quotes.json");
    expect(q).toMatchObject({ id: quote.id, name: "Export Co website", status: "PUBLISHED" });
    expect(q.blocks.map((b: { name: string }) => b.name)).toEqual(["Introduction", "Work"]);
    expect(q.blocks[1].lineItems.map((i: { name: string; priceCents: number }) => [i.name, i.priceCents])).toEqual([
      ["Design", 12500],
      ["Hosting", 1999],
      ["Discount", -1000],
    ]);
    expect(json("templates.json")).toMatchObject([{ id: template.data!.createTextTemplateBlock.id, name: "Export Co terms", kind: "TEXT", lineItems: [] }]);
    expect(json("signatures.json")).toMatchObject([{ name: "Olga", kind: "TYPED", signature: "Olga Owner" }]);
    expect(json("invoices.json")).toEqual([]);
    expect(json("api-keys.json")).toEqual([
      expect.objectContaining({
        id: apiKey.data!.createApiKey.apiKey.id,
        name: "Export Co Zapier",
        role: "READ_ONLY",
        prefix: apiKey.data!.createApiKey.key.slice(0, 15),
      }),
    ]);
    expect(json("api-keys.json")[0]).not.toHaveProperty("keyHash");
    expect(strFromU8(files["api-keys.json"])).not.toContain(apiKey.data!.createApiKey.key);
    // The quote was published: the audit trail says so (decision 024).
    expect(json("quote-audit-events.json")).toMatchObject([{ quoteId: quote.id, event: "PUBLISHED", actorName: "Olga Owner" }]);
    // The domain events (issue 23): the customer's creation and the publication, with their payloads.
    expect(json("events.json").map((e: { type: string }) => e.type)).toEqual(["customer.created", "quote.published", "quote.viewed"]);
    expect(json("events.json")[1]).toMatchObject({ quoteId: quote.id, payload: { quote: { id: quote.id, status: "PUBLISHED" } } });
    expect(json("quote-signatures.json")).toEqual([]);
    // Publishing froze version 1 of the document (decision 032).
    expect(json("quote-versions.json")).toMatchObject([{ quoteId: quote.id, number: 1, publishedByName: "Olga Owner" }]);
    expect(json("quote-versions.json")[0].document.document.blocks.map((b: { name: string }) => b.name)).toEqual(["Introduction", "Work"]);
    expect(json("quote-pdfs.json")).toEqual([]);
    const customersCsv = strFromU8(files["customers.csv"]).split("\r\n");
    expect(customersCsv[0]).toBe("id,name,companyName,contactPerson,email,phone,content,createdAt,updatedAt");
    expect(customersCsv[1]).toContain(`${customer.id},"Jansen, ""the"" Bakery",`);
    expect(customersCsv[1]).toContain(`"'=HYPERLINK(""x"")"`); // a formula is defused
    expect(strFromU8(files["quotes.csv"])).toContain("Export Co website");
    // Statistics: the raw view and its time entry, and the daily totals the dashboard shows.
    const [view] = json("statistics-views.json");
    expect(json("statistics-views.json")).toHaveLength(1);
    expect(view).toMatchObject({ id: viewId, quoteId: quote.id, trackedSeconds: 42 });
    expect(view).not.toHaveProperty("visitorHash");
    expect(json("statistics-time-entries.json")).toMatchObject([{ viewId, quoteId: quote.id, seconds: 42 }]);
    expect(json("statistics-daily-per-quote.json")).toMatchObject([{ quoteId: quote.id, day: view.day, views: 1, seconds: 42 }]);
    expect(json("statistics-daily.json")).toEqual(expect.arrayContaining([expect.objectContaining({ day: view.day, views: 1, seconds: 42 })]));
    expect(strFromU8(files["statistics-views.csv"]).split("\r\n")[0]).toBe("id,quoteId,day,startedAt,lastSeenAt,trackedSeconds");
    expect(json("statistics-blocks.json")).toEqual([]);
    const all = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    expect(all).not.toContain(otherViewId);
    expect(all).not.toContain(other.quote.id);
    expect(all).not.toContain("Other Co");
    expect(all).not.toContain("logoFileKey");
  });

  it("is for owners only, signed in, of their own account", async () => {
    const owner = await signUp(t, { company: "Owner Only" });
    const admin = await signIn(t, "admin", { account: owner });
    const member = await signIn(t, "member", { account: owner });
    const stranger = await signUp(t, { company: "Stranger" });
    expect((await exportOf(admin)).status).toBe(403);
    expect((await exportOf(member)).status).toBe(403);
    expect((await exportOf(stranger, owner.accountId)).status).toBe(403);
    expect((await t.fetch(`/api/account-data/export?account=${owner.accountId}`)).status).toBe(401);
    expect((await exportOf(owner, "not-a-uuid")).status).toBe(404);
    expect((await exportOf(owner)).status).toBe(200);
  });

  it("is rate-limited per account", async () => {
    const owner = await signUp(t, { company: "Many Exports" });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await exportOf(owner)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("deleting an account", () => {
  it("needs the account's name typed exactly, and changes nothing otherwise", async () => {
    const { owner } = await filled("Careful Co");
    const wrong = await t.gql(DELETE, { n: "careful co" }, owner.headers());
    expect(code(wrong)).toBe("BAD_USER_INPUT");
    expect(wrong.errors?.[0].message).toBe("Type the account's name exactly as shown.");
    expect(code(await t.gql(DELETE, { n: "" }, owner.headers()))).toBe("BAD_USER_INPUT");
    expect((await t.db.select().from(accounts).where(eq(accounts.id, owner.accountId!))).length).toBe(1);
  });

  it("deletes the account, its data and its logo in storage; other accounts and the members' users stay", async () => {
    const { owner } = await filled("Doomed Co");
    const member = await signIn(t, "member", { account: owner });
    await invite(t, owner, { email: uniqueEmail("pending") });
    const other = await filled("Survivor Co");
    const files = createFileStorage(t.config);
    const logo = await files.put({ area: "logos", contentType: "image/png", body: new Uint8Array([137, 80, 78, 71]) });
    const otherLogo = await files.put({ area: "logos", contentType: "image/png", body: new Uint8Array([137, 80, 78, 71]) });
    await t.db.update(accounts).set({ logoFileKey: logo.key }).where(eq(accounts.id, owner.accountId!));
    await t.db.update(accounts).set({ logoFileKey: otherLogo.key }).where(eq(accounts.id, other.owner.accountId!));

    // A drawn signature is a stored file too.
    const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==";
    const drawn = await t.gql<{ createTemplateSignature: { id: string } }>(
      "mutation ($input: TemplateSignatureInput!) { createTemplateSignature(input: $input) { id } }",
      { input: { name: "Olga", kind: "DRAWN", signature: png } },
      owner.headers(),
    );
    expect(drawn.errors).toBeUndefined();
    const [drawnRow] = await t.db.select().from(templateSignatures).where(eq(templateSignatures.id, drawn.data!.createTemplateSignature.id));
    expect(await files.stat(drawnRow.signature)).not.toBeNull();

    // Images in rich text are files of the account too (decision 028).
    const image = await uploadFile<{ uploadRichTextImage: { src: string } }>(
      t,
      "mutation ($file: File!) { uploadRichTextImage(file: $file) { src } }",
      { bytes: Buffer.from(png.split(",")[1], "base64"), name: "a.png", type: "image/png" },
      owner.headers(),
    );
    const imageKey = image.data!.uploadRichTextImage.src.slice("/files/".length);
    const withImage = await t.gql(
      "mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { id } }",
      { i: { name: "Pictures", content: { type: "doc", content: [{ type: "image", attrs: { src: image.data!.uploadRichTextImage.src } }] } } },
      owner.headers(),
    );
    expect(withImage.errors).toBeUndefined();
    expect(await files.stat(imageKey)).not.toBeNull();

    const doomedKey = await t.gql<{ createApiKey: { key: string } }>(
      "mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key } }",
      { input: { name: "Doomed key", role: "ADMIN" } },
      owner.headers(),
    );
    expect((await t.gql(DELETE, { n: " Doomed Co " }, owner.headers())).data).toEqual({ deleteAccount: true });
    // The account's API keys went with it (issue 23): refused at once.
    expect((await t.gql("{ account { id } }", {}, { authorization: `Bearer ${doomedKey.data!.createApiKey.key}` })).status).toBe(401);
    await runJobs(t);
    expect(await files.stat(imageKey)).toBeNull();
    expect(await files.stat(logo.key)).toBeNull();
    expect(await files.stat(drawnRow.signature)).toBeNull();
    expect(await files.stat(otherLogo.key)).not.toBeNull();
    for (const table of [customers, quotes, accountUsers, accountInvitations, apiKeys, domainEvents]) {
      expect(await t.db.select().from(table).where(eq(table.accountId, owner.accountId!))).toEqual([]);
    }
    expect(await t.db.select().from(quotes).where(eq(quotes.accountId, other.owner.accountId!))).toHaveLength(1);
    // Users and sessions stay; the account is simply gone for them.
    expect(await t.db.select().from(users).where(eq(users.id, member.userId))).toHaveLength(1);
    expect(code(await t.gql("{ account { id } }", {}, member.headers()))).toBe("FORBIDDEN");
    expect((await t.gql<{ me: { id: string } }>("{ me { id } }", {}, owner.headers(null))).data?.me.id).toBe(owner.userId);
    files.close();
  });
});

describe("deleting my user", () => {
  it("is refused while the user owns an account, then deletes the user and their sessions", async () => {
    const owner = await signUp(t, { company: "Owned" });
    const member = await signIn(t, "member", { account: owner });
    const refused = await t.gql("mutation { deleteMe }", {}, owner.headers(null));
    expect(code(refused)).toBe("CONFLICT");
    expect(refused.errors?.[0].message).toMatch(/You own an account/);

    expect((await t.gql("mutation { deleteMe }", {}, member.headers(null))).data).toEqual({ deleteMe: true });
    expect(await t.db.select().from(users).where(eq(users.id, member.userId))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.userId))).toEqual([]);
    expect((await t.gql<{ me: unknown }>("{ me { id } }", {}, member.headers(null))).data?.me).toBeNull();
    expect((await t.gql<{ teamMembers: { id: string }[] }>("{ teamMembers { id } }", {}, owner.headers())).data?.teamMembers.map((m) => m.id)).toEqual([
      owner.userId,
    ]);
    expect(code(await t.gql("mutation { deleteMe }"))).toBe("UNAUTHENTICATED");
  });
});
