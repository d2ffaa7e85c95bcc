import pino from "pino";

/** Structured JSON logs. Secrets never reach them: known secret fields are redacted. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          "headers.authorization",
          "headers.cookie",
          "*.password",
          "*.token",
          "*.secret",
          "token",
          "password",
          "secret",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
export type Logger = ReturnType<typeof createLogger>;
