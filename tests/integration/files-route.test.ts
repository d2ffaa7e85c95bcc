import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../src/server/db/schema";
import { type FileStorage, createFileStorage } from "../../src/server/files";
import { type TestApp, createTestApp } from "../support/app";
import { signUp } from "../support/auth";
import { type TestS3, startTestS3 } from "../support/s3";

const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

/** GET /files/… serves what the adapter stored, the same way whichever adapter is configured. */
describe.each([
  { name: "local folder", s3: false },
  { name: "S3-compatible storage", s3: true },
])("the files route ($name)", ({ s3: useS3 }) => {
  let t: TestApp;
  let s3: TestS3 | undefined;
  let storage: FileStorage;

  beforeAll(async () => {
    s3 = useS3 ? await startTestS3() : undefined;
    t = await createTestApp({ env: s3?.env });
    storage = createFileStorage(t.config); // the same folder or bucket the app serves from
  });
  afterAll(async () => {
    storage.close();
    await t.close();
    await s3?.close();
  });

  it("serves a stored image inline, with its type, length, nosniff and immutable caching", async () => {
    const stored = await storage.put({ area: "logos", contentType: "image/png", body: png });
    const response = await t.fetch(`/files/${stored.key}?v=2`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-length")).toBe(String(png.byteLength));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="${stored.key.split("/")[1]}"`);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);

    const head = await t.fetch(`/files/${stored.key}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(png.byteLength));
  });

  it("sends types that could run script when opened (SVG, text) as downloads", async () => {
    const svg = await storage.put({
      area: "logos",
      contentType: "image/svg+xml",
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    const response = await t.fetch(`/files/${svg.key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[A-Za-z0-9_-]{22}\.svg"$/);
    const text = await storage.put({ area: "exports", contentType: "text/csv", body: Buffer.from("a,b\n") });
    const csv = await t.fetch(`/files/${text.key}`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("answers 404 for an unknown key, a deleted file and anything that is not a key", async () => {
    const stored = await storage.put({ area: "logos", contentType: "image/png", body: png });
    await storage.delete(stored.key);
    for (const path of [
      "/files/logos/AAAAAAAAAAAAAAAAAAAAAA.png",
      `/files/${stored.key}`,
      "/files/logos",
      "/files/logos/short.png",
      "/files/logos/AAAAAAAAAAAAAAAAAAAAAA.html",
      "/files/..%2F..%2Fetc/passwd",
      "/files/logos/..%2F..%2F..%2Fetc%2Fpasswd",
      "/files/%2e%2e/%2e%2e/package.json",
      "/files/logos/%2e%2e%2fpackage.json",
      "/files/logos/AAAAAAAAAAAAAAAAAAAAAA.png%00.txt",
    ]) {
      const response = await t.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toMatch(/offerly|root:/);
    }
    const unknown = await t.fetch("/files/logos/AAAAAAAAAAAAAAAAAAAAAA.png");
    expect(unknown.headers.get("cache-control")).toBe("no-store");
    expect(await unknown.text()).toBe("Not found");
  });

  it("Account.fileUrl is null without a logo and otherwise a URL that serves the logo", async () => {
    const owner = await signUp(t);
    const query = "{ account { fileUrl(version: 7) } }";
    const before = await t.gql<{ account: { fileUrl: string | null } }>(query, {}, owner.headers());
    expect(before.errors).toBeUndefined();
    expect(before.data?.account.fileUrl).toBeNull();

    const logo = await storage.put({ area: "logos", contentType: "image/png", body: png });
    await t.db.update(accounts).set({ logoFileKey: logo.key }).where(eq(accounts.id, owner.accountId!));
    const after = await t.gql<{ account: { fileUrl: string } }>(query, {}, owner.headers());
    expect(after.data?.account.fileUrl).toBe(`/files/${logo.key}?v=7`);
    const served = await t.fetch(after.data!.account.fileUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });
});
