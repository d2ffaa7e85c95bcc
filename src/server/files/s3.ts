import type { S3Client } from "@aws-sdk/client-s3";
import { DEFAULT_MAX_FILE_BYTES, type FileStorage, type ListedFile, contentTypeOfKey, isFileArea, isFileKey, newFileKey, readBody } from "./storage";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, …); AWS itself needs none. */
  endpoint?: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name; most non-AWS services need it. */
  forcePathStyle: boolean;
  /** Without them the SDK's default chain applies (environment, instance role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket through the official AWS SDK v3 client. The bucket must exist;
 * the app never creates buckets (it lists one area's keys for clean-ups). Bodies are sent with their length (S3 requires it), so a
 * stream is read into memory first, within the size limit.
 */
export function createS3FileStorage(options: S3StorageOptions): FileStorage {
  // The SDK is loaded on first use: a server without S3 never loads it, and one with S3 starts
  // ~0.2 s sooner (hundreds of modules; decision 040).
  let client: S3Client | undefined;
  let loading: Promise<{ sdk: typeof import("@aws-sdk/client-s3"); client: S3Client }> | undefined;
  const s3 = () =>
    (loading ??= import("@aws-sdk/client-s3").then((sdk) => {
      client = new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
      });
      return { sdk, client };
    }));
  const Bucket = options.bucket;

  return {
    kind: "s3",
    async put({ area, contentType, body, maxBytes = DEFAULT_MAX_FILE_BYTES }) {
      const key = newFileKey(area, contentType);
      const bytes = await readBody(body, maxBytes);
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
      return { key, contentType, size: bytes.byteLength };
    },
    async get(key) {
      if (!isFileKey(key)) return null;
      const { sdk, client } = await s3();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          key,
          contentType: contentTypeOfKey(key),
          size: Number(object.ContentLength ?? 0),
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      if (!isFileKey(key)) return null;
      const { sdk, client } = await s3();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return { key, contentType: contentTypeOfKey(key), size: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isFileKey(key)) return;
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(area) {
      if (!isFileArea(area)) return [];
      const { sdk, client } = await s3();
      const listed: ListedFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: `${area}/`, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && isFileKey(object.Key))
            listed.push({ key: object.Key, size: Number(object.Size ?? 0), modifiedAt: object.LastModified ?? new Date(0) });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return listed;
    },
    close() {
      client?.destroy();
    },
  };
}
