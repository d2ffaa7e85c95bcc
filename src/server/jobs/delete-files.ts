import { z } from "zod";
import { defineJob } from "./define";

/**
 * Removes stored files (an account's logo, later PDFs) after the rows that named them are gone:
 * enqueue it in the transaction that deletes the rows. Idempotent (a missing file is no error).
 * Handler: jobs/handlers.ts.
 */
export const deleteFilesJob = defineJob("delete-files", z.object({ keys: z.array(z.string()).max(1000) }));
