import { handleJob } from "../../jobs/define";
import { sweepUnusedImages } from "./image-sweep";
import { sweepImagesJob } from "./images.jobs";

/** Deletes rich-text images nothing names (images.jobs.ts); the worker's list is jobs/handlers.ts. */
export const sweepImagesHandler = handleJob(sweepImagesJob, async (_payload, { db, files, log, job }) => {
  const result = await sweepUnusedImages(db, files);
  log.info({ jobId: job.id, ...result }, "sweep-images job done");
});
