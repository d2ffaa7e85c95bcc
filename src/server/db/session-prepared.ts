import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { fillPlaceholders } from "drizzle-orm";
import { errorMessages } from "./ids";
import type { Executor } from "./client";

/**
 * On PGlite, a drizzle prepared select run as a session-level `PREPARE` / `EXECUTE` (decision 085),
 * as decision 065 runs the page stamp: drizzle's PGlite driver ignores statement names, so every
 * execution was parsed and planned again (for the public page's reads, a third to a half of each
 * statement's time). The process has one PGlite session while the database is open (the data
 * folder is locked), so the statement is prepared once per PGlite instance and name.
 *
 * EXECUTE takes no bound parameters: its values are written as literals, so only values that are
 * safe as such are sent this way (strings of `[A-Za-z0-9_-]`, as UUIDs and nanoIds are, and safe
 * integers); any other value, a transaction's executor, PostgreSQL, or a select without a row
 * mapper (`withFastRows`) runs drizzle's own `execute`, unchanged. The rows are the same: the same
 * statement, its values parsed by the same per-type parsers (drizzle's `queryConfig`), mapped by the
 * same mapper. Sent by PGlite's simple protocol (`exec`: no parse or describe step of its own).
 */
type PreparedInternals = {
  queryString: string;
  params: unknown[];
  queryConfig: QueryOptions;
  customResultMapper?: (rows: unknown[][]) => unknown;
  execute: (values?: Record<string, unknown>) => Promise<unknown>;
};

const SAFE_TEXT = /^[A-Za-z0-9_-]{1,200}$/;
const NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Statement names prepared per PGlite session (a failed PREPARE is tried again on the next call). */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<void>>>();

function literal(value: unknown): string | null {
  if (typeof value === "string") return SAFE_TEXT.test(value) ? `'${value}'` : null;
  if (typeof value === "number") return Number.isSafeInteger(value) ? String(value) : null;
  return null;
}

export function onPgliteSession<T>(db: Executor, name: string, prepared: T): T {
  const client = (db as unknown as { $client?: unknown }).$client;
  const internals = prepared as unknown as PreparedInternals;
  if (!(client instanceof PGlite) || !internals.customResultMapper || typeof internals.queryString !== "string") return prepared;
  if (!NAME.test(name)) throw new Error(`not a statement name: ${name}`);
  const mapRows = internals.customResultMapper;
  const fallback = internals.execute.bind(prepared);
  const prepare = (): Promise<void> => {
    let names = preparedOn.get(client);
    if (!names) {
      names = new Map();
      preparedOn.set(client, names);
    }
    let done = names.get(name);
    if (!done) {
      done = client.exec(`prepare ${name} as ${internals.queryString}`).then(
        () => undefined,
        (error: unknown) => {
          // Prepared before in this session (another module instance over the same database).
          if (!errorMessages(error).includes("already exists")) throw error;
        },
      );
      names.set(name, done);
      done.catch(() => names.delete(name));
    }
    return done;
  };
  internals.execute = async (values = {}) => {
    const literals = fillPlaceholders(internals.params, values).map(literal);
    if (literals.some((value) => value === null)) return fallback(values);
    await prepare();
    const [result] = await client.exec(`execute ${name}(${literals.join(", ")})`, internals.queryConfig);
    return mapRows((result?.rows ?? []) as unknown[][]);
  };
  return prepared;
}
