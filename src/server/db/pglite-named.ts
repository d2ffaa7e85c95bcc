import { type PGlite, parse, protocol } from "@electric-sql/pglite";

/**
 * Named statements on PGlite (decision 087). PGlite's `query` sends every statement unnamed
 * (Parse, Describe, Bind, Describe, Execute, Sync: six calls into the database), so PostgreSQL
 * parses, analyses and plans it again each time, and drizzle's `prepare` changes nothing there. For
 * the lists' hot statements that was half or more of their cost (decision 084: the page read plans
 * in 0.6–1.4 ms, runs in 0.1–0.6 ms). `namedOnPglite` gives a drizzle prepared query a client that,
 * on PGlite, parses the statement once under a name of its own (PostgreSQL keeps it for the
 * session) and then sends only Bind, Execute and Sync, in one call, with
 * `plan_cache_mode = force_generic_plan` set for that call alone: the statement is planned once,
 * for any values (its plan does not depend on them: the list's key comes from a subquery or a
 * cursor, the account from the session), and reset right after in the same call, so no other
 * statement (PGlite's own unnamed ones, the triggers' PL/pgSQL) ever sees the setting. On
 * PostgreSQL (node-postgres) the prepared query is left as it is.
 *
 * Rows are parsed by PGlite's own `parseResults` with the client's parsers and the query's options
 * (drizzle's array mode and its date parsers): the same values as `query` (tests/integration/pglite-named.test.ts).
 */
type Config = Parameters<PGlite["query"]>[2];
type Message = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

const serialize = protocol.serialize;
const GENERIC = serialize.query("set plan_cache_mode = force_generic_plan");
const RESET = serialize.query("reset plan_cache_mode");
const EXECUTE = serialize.execute({});
const SYNC = serialize.sync();
// The statements named on a database so far, kept on the database object under a process-wide
// symbol: two copies of this module on one database (bundles, the A/B bench) never reuse a name.
const NAMED = Symbol.for("offerly.pglite-named.count");

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function isPglite(client: unknown): client is PGlite {
  const candidate = client as Partial<PGlite> | null;
  return typeof candidate?.execProtocolStream === "function" && typeof candidate._runExclusiveTransaction === "function";
}

/** A `query` for one statement text on `pg`, through a statement named once (other texts: `pg.query`). */
export function namedStatementClient(pg: PGlite, text: string): Pick<PGlite, "query"> {
  const counted = pg as PGlite & { [NAMED]?: number };
  const number = (counted[NAMED] ?? 0) + 1;
  counted[NAMED] = number;
  const name = `offerly_${number}`;
  let described: Promise<{ types: number[]; rowDescription: Message | undefined }> | undefined;
  // Parse under the name and learn its parameter types (for the serializers) and its columns.
  const describe = async () => {
    const messages = await pg.execProtocolStream(concat(serialize.parse({ name, text }), serialize.describe({ type: "S", name }), SYNC));
    return {
      types: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === "rowDescription"),
    };
  };
  const query = async (queryText: string, params: unknown[] = [], config?: Config) => {
    if (queryText !== text) return pg.query(queryText, params, config);
    await pg.waitReady;
    // The same exclusivity as `pg.query`: never inside another caller's transaction.
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const named = () =>
          describe().catch((error: unknown) => {
            described = undefined;
            throw error;
          });
        described ??= named();
        const { types, rowDescription } = await described;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = config?.serializers?.[types[i]] ?? pg.serializers[types[i]];
          return serializer ? serializer(value) : String(value);
        });
        // One call: the setting, the bound statement, Sync, the reset (it runs after an error too:
        // the database skips to the Sync, then reads on). An error is thrown once all of it ran.
        const run = () => pg.execProtocolStream(concat(GENERIC, serialize.bind({ statement: name, values }), EXECUTE, SYNC, RESET));
        let messages: Message[];
        try {
          messages = await run();
        } catch (error) {
          // The statement is gone (DEALLOCATE or DISCARD ALL by someone): named again, once.
          if ((error as { code?: string }).code !== "26000") throw error;
          described = named();
          await described;
          messages = await run();
        }
        // Only the statement's own rows and completion (not the setting's and the reset's).
        const own = messages.filter(
          (m) => m.name === "dataRow" || (m.name === "commandComplete" && !/^(SET|RESET)\b/.test((m as unknown as { text: string }).text)),
        );
        return parse.parseResults(rowDescription ? [rowDescription, ...own] : own, pg.parsers, config)[0];
      }),
    );
  };
  return { query: query as PGlite["query"] };
}

/**
 * A drizzle prepared query (`db.select()….prepare("")`) run as a named statement on PGlite; unchanged
 * on PostgreSQL. Only for statements made on the database itself, not on a transaction's executor.
 */
export function namedOnPglite<T>(prepared: T): T {
  const internals = prepared as unknown as { client?: unknown; queryString?: string };
  if (!isPglite(internals.client) || typeof internals.queryString !== "string") return prepared;
  internals.client = namedStatementClient(internals.client, internals.queryString);
  return prepared;
}
