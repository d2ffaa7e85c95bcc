import { z } from "zod";
import { isFileKey } from "../files/storage";
import { defineJob } from "./define";

/**
 * Removes stored files (an account's logo, later PDFs) after the rows that named them are gone:
 * enqueue it in the transaction that deletes the rows. Idempotent (a missing file is no error).
 */
export const deleteFilesJob = defineJob(
  "delete-files",
  z.object({ keys: z.array(z.string()).max(1000) }),
  async ({ keys }, { files, log, job }) => {
    for (const key of keys) if (isFileKey(key)) await files.delete(key);
    log.info({ jobId: job.id, files: keys.length }, "delete-files job done");
  },
);
