// `npm start`: build what is missing, then run the server (migrations and the demo shop run at its start).
import { join } from 'node:path';
import { ensureBuilt } from './ensure-built.mjs';
import { root } from './build-state.mjs';

ensureBuilt();
process.chdir(root);
await import(join(root, 'dist/server/main.js'));
