import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/server/config";
import { type FileStorage, FileTooLargeError, createFileStorage, isFileKey } from "../../src/server/files";
import { type TestS3, startTestS3 } from "../support/s3";

/** The files adapter's contract: the same tests against the local folder and a real S3-compatible server. */
type Backend = { storage: FileStorage; close: () => Promise<void>; temporaryFiles: () => string[] };
const backends: { name: string; open: () => Promise<Backend> }[] = [
  {
    name: "local folder (DATA_DIR/files)",
    open: async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-files-"));
      const storage = createFileStorage(parseConfig({ DATA_DIR: dataDir }));
      return {
        storage,
        close: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
        temporaryFiles: () => (fs.readdirSync(dataDir, { recursive: true }) as string[]).filter((f) => f.endsWith(".tmp")),
      };
    },
  },
  {
    name: "S3-compatible object storage (s3rver on loopback)",
    open: async () => {
      const s3 = await startTestS3();
      const storage = createFileStorage(parseConfig(s3.env));
      return {
        storage,
        close: async () => {
          storage.close();
          await s3.close();
        },
        temporaryFiles: () => [], // nothing is sent before the whole body is read and checked
      };
    },
  },
];

const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe.each(backends)("files adapter: $name", (backend) => {
  let storage: FileStorage;
  let close: () => Promise<void>;
  let temporaryFiles: () => string[];
  beforeAll(async () => {
    ({ storage, close, temporaryFiles } = await backend.open());
  });
  afterAll(async () => {
    await close();
  });

  it("lists one area's files with their time of writing, nothing of other areas, nothing for an invalid area", async () => {
    const before = Date.now() - 5 * 60_000;
    const a = await storage.put({ area: "list-area", contentType: "image/png", body: png });
    const b = await storage.put({ area: "list-area", contentType: "image/png", body: png });
    await storage.put({ area: "list-area-other", contentType: "image/png", body: png });
    const listed = await storage.list("list-area");
    expect(listed.map((f) => f.key).sort()).toEqual([a.key, b.key].sort());
    for (const file of listed) {
      expect(file.size).toBe(png.byteLength);
      expect(file.modifiedAt.getTime()).toBeGreaterThan(before);
    }
    expect(await storage.list("no-such-area")).toEqual([]);
    expect(await storage.list("../etc")).toEqual([]);
  });

  it("stores a buffer under a new generated key and reads it back with its type and size", async () => {
    const stored = await storage.put({ area: "logos", contentType: "image/png", body: png });
    expect(stored.key).toMatch(/^logos\/[A-Za-z0-9_-]{22}\.png$/);
    expect(stored).toMatchObject({ contentType: "image/png", size: png.byteLength });
    expect(await storage.stat(stored.key)).toEqual({ key: stored.key, contentType: "image/png", size: png.byteLength });
    const file = await storage.get(stored.key);
    expect(file).toMatchObject({ key: stored.key, contentType: "image/png", size: png.byteLength });
    expect((await bytesOf(file!.body)).equals(png)).toBe(true);
  });

  it("never reuses a key: the same bytes stored twice get two keys", async () => {
    const a = await storage.put({ area: "logos", contentType: "image/png", body: png });
    const b = await storage.put({ area: "logos", contentType: "image/png", body: png });
    expect(a.key).not.toBe(b.key);
  });

  it("stores Node and web streams", async () => {
    const chunks = ["a,b\n", "1,2\n", "3,4\n"];
    const fromNode = await storage.put({ area: "exports", contentType: "text/csv", body: Readable.from(chunks.map((c) => Buffer.from(c))) });
    expect(fromNode.size).toBe(12);
    expect((await bytesOf((await storage.get(fromNode.key))!.body)).toString()).toBe(chunks.join(""));
    const web = new Blob(["%PDF-1.7 ", "hello"]).stream();
    const fromWeb = await storage.put({ area: "quote-pdfs", contentType: "application/pdf", body: web });
    expect(fromWeb.key).toMatch(/\.pdf$/);
    expect((await bytesOf((await storage.get(fromWeb.key))!.body)).toString()).toBe("%PDF-1.7 hello");
  });

  it("refuses a body over the size limit and leaves nothing behind", async () => {
    const big = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(storage.put({ area: "logos", contentType: "image/png", body: big, maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(storage.put({ area: "logos", contentType: "image/png", body: Buffer.alloc(1001), maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(temporaryFiles()).toEqual([]);
  });

  it("answers null for unknown keys and for anything that is not a key of ours", async () => {
    expect(await storage.get("logos/AAAAAAAAAAAAAAAAAAAAAA.png")).toBeNull();
    expect(await storage.stat("logos/AAAAAAAAAAAAAAAAAAAAAA.png")).toBeNull();
    for (const bad of [
      "../../etc/passwd",
      "logos/../../../etc/passwd",
      "/etc/passwd",
      "logos/AAAAAAAAAAAAAAAAAAAAAA.exe",
      "LOGOS/AAAAAAAAAAAAAAAAAAAAAA.png",
      "",
    ]) {
      expect(isFileKey(bad)).toBe(false);
      expect(await storage.get(bad)).toBeNull();
      expect(await storage.stat(bad)).toBeNull();
      await storage.delete(bad); // a no-op, never a file-system or bucket operation
    }
  });

  it("deletes a file; deleting it again is not an error", async () => {
    const stored = await storage.put({ area: "logos", contentType: "image/webp", body: Buffer.from("RIFF....WEBP") });
    await storage.delete(stored.key);
    expect(await storage.get(stored.key)).toBeNull();
    expect(await storage.stat(stored.key)).toBeNull();
    await storage.delete(stored.key);
  });

  it("refuses areas and content types outside the allow-lists", async () => {
    await expect(storage.put({ area: "../x", contentType: "image/png", body: png })).rejects.toThrow(/area/);
    await expect(storage.put({ area: "logos", contentType: "text/html" as never, body: png })).rejects.toThrow(/may not be stored/);
  });
});

describe("files adapter configuration", () => {
  let s3: TestS3 | undefined;
  afterAll(async () => {
    await s3?.close();
  });

  it("uses DATA_DIR/files by default and S3 when S3_BUCKET is set", () => {
    expect(parseConfig({ DATA_DIR: "/srv/offerly" }).files).toEqual({ kind: "local", dir: "/srv/offerly/files" });
    expect(parseConfig({ S3_BUCKET: "offerly-files", S3_FORCE_PATH_STYLE: "true", S3_ENDPOINT: "http://127.0.0.1:9000" }).files).toEqual({
      kind: "s3",
      bucket: "offerly-files",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: undefined,
    });
  });

  it("names the variable when the S3 configuration is wrong", () => {
    expect(() => parseConfig({ S3_BUCKET: "No_Such Bucket" })).toThrow(/S3_BUCKET/);
    expect(() => parseConfig({ S3_BUCKET: "offerly", S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT/);
    expect(() => parseConfig({ S3_BUCKET: "offerly", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseConfig({ S3_BUCKET: "offerly", S3_SECRET_ACCESS_KEY: "secret" })).toThrow(/S3_ACCESS_KEY_ID/);
  });

  it("reports a missing bucket as an error, not as a missing file", async () => {
    s3 = await startTestS3();
    const storage = createFileStorage(parseConfig({ ...s3.env, S3_BUCKET: "no-such-bucket" }));
    try {
      await expect(storage.put({ area: "logos", contentType: "image/png", body: png })).rejects.toThrow();
    } finally {
      storage.close();
    }
  });
});
