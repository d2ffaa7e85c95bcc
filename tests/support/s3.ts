import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** The environment that points the app at this server (config.ts's S3_* variables). */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on loopback, on a free port, with one empty bucket, its
 * data in a temporary folder. The AWS SDK talks to it exactly as to S3 (path-style addressing).
 */
export async function startTestS3(bucket = "offerly-test"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
