// Runs a server CLI from dist/server/cli (building the server first when needed): `node scripts/run-cli.mjs <name> ...args`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt } from './ensure-built.mjs';
import { root } from './build-state.mjs';
import { CLI_NODE_FLAGS } from './cli-node-flags.mjs';

const [name, ...args] = process.argv.slice(2);
const entry = join(root, 'dist/server/cli', `${name}.js`);
ensureBuilt({ client: false });
if (!name || !existsSync(entry)) {
  console.error(`Unknown command: ${name ?? '(none)'}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, [...CLI_NODE_FLAGS, entry, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
