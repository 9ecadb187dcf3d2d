// Bundles the server and its CLIs into dist/server with esbuild (npm packages stay external).
import { build } from 'esbuild';
import { root } from './build-state.mjs';

await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/server/main.ts',
    'cli/catalog-import': 'src/server/cli/catalog-import.ts',
    'cli/orders': 'src/server/cli/orders.ts',
    'cli/admin': 'src/server/cli/admin.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('Built the server into dist/server');
