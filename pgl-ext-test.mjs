import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
const t=Date.now();
const db = await PGlite.create({ extensions: { pg_trgm, unaccent } });
await db.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE EXTENSION IF NOT EXISTS unaccent;');
console.log((await db.query("select similarity('kurthi','kurti') s, unaccent('Banārasī café') u, to_tsvector('simple', unaccent('साड़ी kurta')) v, word_similarity('banarsi','Banarasi silk saree') w")).rows);
const dump = await db.dumpDataDir('none');
const db2 = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm, unaccent } });
console.log((await db2.query("select similarity('a','a')")).rows, Date.now()-t);
try { const db3 = await PGlite.create({ loadDataDir: dump }); console.log((await db3.query("select similarity('a','a')")).rows);} catch(e){console.log('noext', e.message)}
