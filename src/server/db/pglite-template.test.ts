import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteSnapshot } from '../test/test-database';
import { pgliteExtensions } from './database';
import { copyPgliteTemplate } from './pglite-template';

/**
 * The first start's copy of the built database template (scripts/build-pglite-template.mjs): only into an empty
 * folder, never over a database or anything else, and the copy opens as a migrated database.
 */
describe('copyPgliteTemplate', () => {
  const root = mkdtempSync(join(tmpdir(), 'resham-pglite-template-'));
  const template = join(root, 'template');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  beforeAll(async () => {
    // A template as the build makes it: a migrated database folder (the tests' snapshot) and its key file.
    mkdirSync(template);
    const pglite = await PGlite.create(template, {
      loadDataDir: pgliteSnapshot(),
      extensions: pgliteExtensions,
    });
    await pglite.close();
    writeFileSync(join(template, 'resham-template.json'), JSON.stringify({ key: 'test' }));
  }, 60_000);

  it('copies the template into an empty folder without its key file, and the copy opens migrated', async () => {
    const folder = join(root, 'empty');
    mkdirSync(folder);
    expect(copyPgliteTemplate(folder, template)).toBe(true);
    expect(existsSync(join(folder, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(folder, 'resham-template.json'))).toBe(false);
    const pglite = await PGlite.create(folder, { extensions: pgliteExtensions });
    try {
      const applied = await pglite.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]!.count).toBeGreaterThan(0);
      const stores = await pglite.query<{ count: number }>('SELECT count(*)::int AS count FROM stores');
      expect(stores.rows[0]!.count).toBe(0);
    } finally {
      await pglite.close();
    }
  }, 60_000);

  it('copies into a folder that does not exist yet', () => {
    const folder = join(root, 'missing', 'pglite');
    expect(copyPgliteTemplate(folder, template)).toBe(true);
    expect(existsSync(join(folder, 'PG_VERSION'))).toBe(true);
  });

  it('leaves a folder holding a database alone', () => {
    const folder = join(root, 'database');
    mkdirSync(folder);
    writeFileSync(join(folder, 'PG_VERSION'), '17\n');
    expect(copyPgliteTemplate(folder, template)).toBe(false);
    expect(readdirSync(folder)).toEqual(['PG_VERSION']);
  });

  it('leaves a folder holding other files alone', () => {
    const folder = join(root, 'other');
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    expect(copyPgliteTemplate(folder, template)).toBe(false);
    expect(readdirSync(folder)).toEqual(['notes.txt']);
    expect(readFileSync(join(folder, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('does nothing without a template (running from the sources)', () => {
    const folder = join(root, 'no-template');
    mkdirSync(folder);
    expect(copyPgliteTemplate(folder, join(root, 'nowhere'))).toBe(false);
    expect(readdirSync(folder)).toEqual([]);
  });
});
