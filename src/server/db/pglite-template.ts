/**
 * The embedded database's template (dist/pglite-template, made by `npm run build:server` through
 * scripts/build-pglite-template.mjs): a database folder already created by PostgreSQL's initdb and migrated.
 * A first start copies it into the empty `<DATA_DIR>/pglite` instead of creating the database there: initdb
 * inside PGlite takes about 10 s and peaks near 700 MB of memory on a small 2-core server, a copy of its 40 MB
 * well under a second (docs/benchmarks.md). Without a template (running from the sources) the database is
 * created as before; migrations newer than the template run at start either way.
 */
import { constants, cpSync, existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { projectRoot } from '../paths';

/** Where the build puts the template. */
export const pgliteTemplateDir = join(projectRoot, 'dist', 'pglite-template');

/** The template's own note of what it was made from; not copied. */
const TEMPLATE_KEY_FILE = 'resham-template.json';

/**
 * Copies the template into `folder` when `folder` holds no database yet (no PG_VERSION file) and a template
 * exists.
 * @returns true when it copied, false when it left `folder` alone.
 */
export function copyPgliteTemplate(folder: string, template: string = pgliteTemplateDir): boolean {
  if (existsSync(join(folder, 'PG_VERSION'))) return false;
  if (!existsSync(join(template, TEMPLATE_KEY_FILE))) return false;
  // Only into an empty folder: anything else there is not ours to overwrite.
  if (existsSync(folder) && readdirSync(folder).length > 0) return false;
  cpSync(template, folder, {
    recursive: true,
    // A copy-on-write clone where the file system offers one (btrfs, XFS), else a plain copy.
    mode: constants.COPYFILE_FICLONE,
    filter: (source) => basename(source) !== TEMPLATE_KEY_FILE,
  });
  return true;
}
