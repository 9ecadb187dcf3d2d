// Runs the browser tests against the built app in Debian's Chromium (`npm run test:e2e` builds first).
// Without Chromium the tests are skipped with a loud line — unless REQUIRE_E2E is set, then it fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.env.REQUIRE_E2E) {
    console.error(
      `BROWSER TESTS FAILED TO START: no Chromium at ${chromium} and REQUIRE_E2E is set (apt-get install -y chromium).`,
    );
    process.exit(1);
  }
  console.warn('\n' + '!'.repeat(100));
  console.warn(
    `!!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}. Install it with: apt-get install -y chromium`,
  );
  console.warn('!'.repeat(100) + '\n');
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '-c', 'vitest.e2e.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
