/**
 * Named prepared statements for the embedded database (docs/decisions/015-pglite-statement-cache.md).
 *
 * `PGlite.query()` parses, describes and plans its statement on every call, and crosses from JavaScript into
 * the WebAssembly backend six times to do it (parse, describe, bind, describe, execute, sync). Drivers of
 * PostgreSQL servers avoid that with a per-connection statement cache (pgx, JDBC, npgsql); PGlite has one
 * connection, so one cache serves the whole process. {@link withStatementCache} wraps a PGlite instance in
 * the subset of its interface Drizzle's `drizzle-orm/pglite` driver calls (`query`, `transaction`) and:
 * - parses and describes each distinct statement text once, as a named prepared statement;
 * - runs it afterwards with one round trip (bind, describe, execute, sync), so the backend keeps its parse
 *   tree and, once PostgreSQL judges it as good (its `plan_cache_mode = auto` rule: after five runs), a
 *   generic plan;
 * - keeps at most {@link MAX_CACHED_STATEMENTS} statements, closing the least recently used one.
 * Results are read as `PGlite.query()` reads them (the caller's parsers, else the instance's, by column type;
 * rows as objects or, with `rowMode: 'array'`, as arrays; `affectedRows`), parameters are serialised with the instance's serializers by the types the backend
 * described, and errors are PGlite's own `DatabaseError`s, so callers cannot tell the difference except by
 * speed. Anything else (`exec`, `close`, `dumpDataDir`, listening) is left to the PGlite instance itself.
 */
import {
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/** Statements kept prepared at once; the least recently used one is closed past this. */
export const MAX_CACHED_STATEMENTS = 128;

/** SQLSTATEs after which a prepared statement must be parsed again (a table changed under it, or it is gone). */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

type CachedStatement = { name: string; parameterTypes: number[] };

/** What Drizzle's PGlite driver calls on its client: `query` and `transaction` (with `query` on the transaction). */
export type StatementCachingClient = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
};

type Field = { name: string; dataTypeID: number };
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * The first result of a statement's backend messages, as `PGlite.query()` answers it. (PGlite's own
 * `parseResults` copies its whole parser table into a new object on every call that brings parsers, which
 * Drizzle's calls always do; looking a type up in the two tables in turn gives the same parser.)
 */
function resultOf<T>(
  messages: BackendMessage[],
  parsers: Record<number, (value: string, type: number) => unknown>,
  options: QueryOptions | undefined,
): Results<T> {
  const own = options?.parsers as Record<number, (value: string, type: number) => unknown> | undefined;
  const asArrays = options?.rowMode === 'array';
  let fields: Field[] = [];
  let fieldParsers: (((value: string, type: number) => unknown) | undefined)[] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      const described = (message as unknown as { fields: Field[] }).fields;
      fields = described.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
      fieldParsers = fields.map((field) => own?.[field.dataTypeID] ?? parsers[field.dataTypeID]);
    } else if (message.name === 'dataRow') {
      const raw = (message as unknown as { fields: (string | null)[] }).fields;
      const values = raw.map((value, index) => {
        if (value === null) return null;
        const parser = fieldParsers[index];
        return parser ? parser(value, fields[index]!.dataTypeID) : value;
      });
      rows.push(
        asArrays ? values : Object.fromEntries(values.map((value, index) => [fields[index]!.name, value])),
      );
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ');
      const count = Number.parseInt(words[words.length - 1]!, 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!)) affectedRows += count;
      return { rows, fields, affectedRows } as unknown as Results<T>;
    }
  }
  return { rows, fields, affectedRows } as unknown as Results<T>;
}

function concatenate(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.byteLength;
  }
  return whole;
}

/**
 * Wraps `pglite` so Drizzle's queries run as cached named prepared statements (see the module comment).
 * @param pglite an open PGlite instance; the wrapper never closes it.
 * @returns the client to hand to `drizzle(client)`; `pglite` itself stays usable for everything else.
 */
export function withStatementCache(pglite: PGlite): StatementCachingClient {
  const { serialize } = protocol;
  /** Statement text → its prepared statement, in least-recently-used-first order (a Map keeps insertion order). */
  const statements = new Map<string, CachedStatement>();
  let named = 0;

  const send = (parts: Uint8Array[]) => pglite.execProtocolStream(concatenate(parts), { syncToFs: false });

  async function prepare(text: string): Promise<CachedStatement> {
    const name = `resham_${++named}`;
    if (statements.size >= MAX_CACHED_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value as [string, CachedStatement];
      statements.delete(oldestText);
      await send([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]);
    }
    const messages = await send([
      serialize.parse({ name, text, types: [] }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const description = messages.find((message) => message.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    const statement = { name, parameterTypes: description?.dataTypeIDs ?? [] };
    statements.set(text, statement);
    return statement;
  }

  /** Runs `text` as its prepared statement; call only while holding PGlite's query lock. */
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const { name, parameterTypes } = statement;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = parameterTypes[index]!;
      const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    let messages;
    try {
      messages = await send([
        serialize.bind({ statement: name, values: values as (string | null)[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
    } catch (error) {
      if (STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? '')) statements.delete(text);
      throw Object.assign(error as object, { query: text, params });
    }
    if (!pglite.isInTransaction()) await pglite.syncToFs();
    return resultOf<T>(messages, pglite.parsers, options);
  }

  return {
    query: async (text, params = [], options) => {
      // As PGlite.query(): 'PGlite is closed' once closed (the API then answers 503).
      await pglite._checkReady();
      return pglite._runExclusiveTransaction(() => pglite.runExclusive(() => run(text, params, options)));
    },
    transaction: (callback) =>
      pglite.transaction((tx) =>
        callback({
          ...tx,
          query: (text, params = [], options) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return pglite.runExclusive(() => run(text, params, options));
          },
          get closed() {
            return tx.closed;
          },
        } as Transaction),
      ),
  };
}
