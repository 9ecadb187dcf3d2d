/**
 * `npm start` and the documented systemd unit start the server with the settings of
 * scripts/server-process-settings.mjs (MEMORY=small, the default), and without them with MEMORY=fast.
 * scripts/start.sh runs here with a `node` of the test's own on PATH that prints what it was given.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/server/paths';
// @ts-expect-error: plain ESM helper without type declarations
import * as untypedSettings from './server-process-settings.mjs';

const { SMALL_SERVER_ENV, SMALL_SERVER_NODE_FLAGS, serverProcessSettings } = untypedSettings as {
  SMALL_SERVER_ENV: { GLIBC_TUNABLES: string };
  SMALL_SERVER_NODE_FLAGS: string[];
  serverProcessSettings(memory: string | undefined): { nodeFlags: string[]; env: Record<string, string> };
};

const bin = mkdtempSync(join(tmpdir(), 'resham-start-'));
writeFileSync(
  join(bin, 'node'),
  '#!/bin/sh\necho "args: $*"\necho "GLIBC_TUNABLES=${GLIBC_TUNABLES:-unset}"\n',
);
chmodSync(join(bin, 'node'), 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** What scripts/start.sh hands `node`, run with `env` on top of a PATH whose first `node` is the stand-in. */
function startScript(env: Record<string, string>): string[] {
  const { GLIBC_TUNABLES: _ignored, MEMORY: _memory, ...inherited } = process.env;
  return execFileSync('sh', [join(projectRoot, 'scripts/start.sh'), '--extra'], {
    env: { ...inherited, ...env, PATH: `${bin}:${process.env.PATH}` },
    encoding: 'utf8',
  })
    .trim()
    .split('\n');
}

describe('the server process settings', () => {
  it('npm start runs scripts/start.sh', () => {
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.start).toBe('sh scripts/start.sh');
  });

  it('starts with the small-server flags and allocator settings by default and with MEMORY=small', () => {
    const expected = [
      `args: ${[...SMALL_SERVER_NODE_FLAGS, 'scripts/start.mjs', '--extra'].join(' ')}`,
      `GLIBC_TUNABLES=${SMALL_SERVER_ENV.GLIBC_TUNABLES}`,
    ];
    expect(startScript({})).toEqual(expected);
    expect(startScript({ MEMORY: 'small' })).toEqual(expected);
  });

  it("starts with Node's defaults with MEMORY=fast", () => {
    expect(startScript({ MEMORY: 'fast' })).toEqual([
      'args: scripts/start.mjs --extra',
      'GLIBC_TUNABLES=unset',
    ]);
    expect(serverProcessSettings('fast')).toEqual({ nodeFlags: [], env: {} });
    expect(serverProcessSettings(undefined)).toEqual({
      nodeFlags: SMALL_SERVER_NODE_FLAGS,
      env: SMALL_SERVER_ENV,
    });
  });

  it('the systemd unit in docs/scaling.md starts the server the same way', () => {
    const guide = readFileSync(join(projectRoot, 'docs/scaling.md'), 'utf8');
    expect(guide).toContain(`Environment=GLIBC_TUNABLES=${SMALL_SERVER_ENV.GLIBC_TUNABLES}\n`);
    expect(guide).toContain(
      `ExecStart=/usr/bin/node ${SMALL_SERVER_NODE_FLAGS.join(' ')} dist/server/main.js\n`,
    );
  });
});
