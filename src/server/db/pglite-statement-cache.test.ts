import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pgliteSnapshot } from '../test/test-database';
import { pgliteExtensions } from './database';
import { MAX_CACHED_STATEMENTS, withStatementCache } from './pglite-statement-cache';

let pglite: PGlite;
let client: ReturnType<typeof withStatementCache>;

const preparedCount = async () =>
  Number(
    (await pglite.query<{ n: number }>('SELECT count(*)::integer AS n FROM pg_prepared_statements')).rows[0]!
      .n,
  );

beforeAll(async () => {
  // An initialised data directory (the test databases' snapshot), so that no initdb runs here.
  pglite = await PGlite.create({ loadDataDir: pgliteSnapshot(), extensions: pgliteExtensions });
  await pglite.exec(`
    CREATE TABLE item (id serial PRIMARY KEY, name text NOT NULL UNIQUE, qty numeric(12, 3),
      tags text[], made timestamptz, meta jsonb);
  `);
});

afterAll(async () => {
  await pglite.close();
});

beforeEach(async () => {
  await pglite.exec('DEALLOCATE ALL; TRUNCATE item RESTART IDENTITY');
  client = withStatementCache(pglite);
});

describe('withStatementCache', () => {
  it('answers exactly as PGlite.query does: objects, arrays, parsers, affected rows, fields', async () => {
    const insert = `INSERT INTO item (name, qty, tags, made, meta) VALUES ($1, $2, $3, $4, $5) RETURNING id, name`;
    const params = ['kurta', 2.5, ['silk', 'maroon'], new Date('2026-11-23T10:00:00Z'), { a: 1 }];
    const cached = await client.query(insert, params);
    const plain = await pglite.query(insert, ['saree', ...params.slice(1)]);
    expect(cached.rows).toEqual([{ id: 1, name: 'kurta' }]);
    expect(cached.affectedRows).toBe(plain.affectedRows);
    expect(cached.fields).toEqual(plain.fields);

    const select = 'SELECT id, name, qty, tags, made, meta FROM item WHERE id = $1';
    expect((await client.query(select, [1])).rows).toEqual([
      {
        id: 1,
        name: 'kurta',
        qty: '2.500',
        tags: ['silk', 'maroon'],
        made: new Date('2026-11-23T10:00:00Z'),
        meta: { a: 1 },
      },
    ]);
    const asArrays = {
      rowMode: 'array' as const,
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
    };
    expect((await client.query(select, [2], asArrays)).rows).toEqual(
      (await pglite.query(select, [2], asArrays)).rows,
    );
    expect((await client.query('UPDATE item SET qty = qty + $1', [1])).affectedRows).toBe(2);
    expect((await client.query('SELECT name FROM item WHERE name = $1', [null])).rows).toEqual([]);
  });

  it('parses a statement once and runs it again by name', async () => {
    for (let i = 0; i < 5; i++) await client.query('INSERT INTO item (name) VALUES ($1)', [`item ${i}`]);
    expect(await preparedCount()).toBe(1);
    const statements = await pglite.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements',
    );
    expect(statements.rows[0]!.statement).toBe('INSERT INTO item (name) VALUES ($1)');
  });

  it(`keeps at most ${MAX_CACHED_STATEMENTS} statements, closing the least recently used`, async () => {
    for (let i = 0; i < MAX_CACHED_STATEMENTS + 10; i++) await client.query(`SELECT ${i} AS n`);
    expect(await preparedCount()).toBe(MAX_CACHED_STATEMENTS);
    expect((await client.query<{ n: number }>('SELECT 0 AS n')).rows).toEqual([{ n: 0 }]);
  });

  it("throws PostgreSQL's error with its code and the statement, and keeps working", async () => {
    await client.query('INSERT INTO item (name) VALUES ($1)', ['kurta']);
    const error = await client
      .query('INSERT INTO item (name) VALUES ($1)', ['kurta'])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: 'INSERT INTO item (name) VALUES ($1)' });
    expect((await client.query('SELECT count(*)::integer AS n FROM item')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, and rolls all of it back when its callback throws', async () => {
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO item (name) VALUES ($1)', ['kept']);
    });
    const failed = client.transaction(async (tx) => {
      await tx.query('INSERT INTO item (name) VALUES ($1)', ['dropped']);
      await tx.query('INSERT INTO item (name) VALUES ($1)', ['kept']);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect((await client.query('SELECT name FROM item ORDER BY id')).rows).toEqual([{ name: 'kept' }]);
  });

  it('prepares again a statement whose table changed under it', async () => {
    await client.query('INSERT INTO item (name) VALUES ($1)', ['kurta']);
    await client.query('SELECT * FROM item');
    await pglite.exec('ALTER TABLE item ADD COLUMN colour text');
    // PostgreSQL re-plans a prepared statement on its own, but refuses when its result columns changed.
    await expect(client.query('SELECT * FROM item')).rejects.toMatchObject({ code: '0A000' });
    expect((await client.query('SELECT * FROM item')).rows).toEqual([
      expect.objectContaining({ name: 'kurta', colour: null }),
    ]);
  });
});
