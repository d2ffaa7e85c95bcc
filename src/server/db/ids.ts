const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else cannot name a row (and must not reach a uuid column as a query error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The message of an error or of any error in its `cause` chain (drizzle wraps driver errors). */
export function errorMessages(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let i = 0; current && i < 5; i += 1) {
    if (current instanceof Error) parts.push(current.message);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(" | ");
}
