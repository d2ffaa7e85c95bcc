import { z } from "zod";
import { defineJob } from "../../jobs/define";

/** How often main.ts queues the sweep of unused rich-text images (daily). */
export const IMAGE_SWEEP_EVERY_MS = 24 * 60 * 60_000;

/**
 * The daily sweep of rich-text images nothing names any more (decision 035). main.ts queues it
 * with a singleton key, so of several app servers one runs it at a time; it is idempotent. Handler: images.job-handlers.ts.
 */
export const sweepImagesJob = defineJob("sweep-images", z.object({}));
