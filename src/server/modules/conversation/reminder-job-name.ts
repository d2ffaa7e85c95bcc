/**
 * The reminder job's name, in a module of its own: the job registry imports the job definition,
 * which must not wait for the conversation service (that imports the queue) to initialise.
 */
export const REMINDER_JOB = "send-quote-reminder" as const;
