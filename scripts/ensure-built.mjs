// Builds the client and/or server when missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { clientIsStale, root, serverIsStale } from './build-state.mjs';

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function ensureBuilt({ client = true } = {}) {
  if (client && clientIsStale()) {
    console.log('Building the storefront...');
    run('build:client');
  }
  if (serverIsStale()) run('build:server');
}
