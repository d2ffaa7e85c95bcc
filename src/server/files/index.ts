import type { Config } from "../config";
import { createLocalFileStorage } from "./local";
import { createS3FileStorage } from "./s3";
import type { FileStorage } from "./storage";

export * from "./storage";
export { filesRoutes } from "./files.routes";

/** The files adapter the configuration asks for: an S3-compatible bucket, or DATA_DIR/files. */
export function createFileStorage(config: Pick<Config, "files">): FileStorage {
  const files = config.files;
  return files.kind === "s3" ? createS3FileStorage(files) : createLocalFileStorage(files.dir);
}
