/**
 * The client's import walls hold (eslint.config.js, docs/decisions/010-client-feature-zones.md): ESLint refuses
 * a feature importing another feature or app/, components/ and lib/ importing features or app/, and an import
 * cycle; it accepts what the layout allows. Each case lints a small module as if it were a file at that path.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

/** The rule ids and messages ESLint reports for `code` placed at `filePath`. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('client import zones', () => {
  it('refuses a feature importing another feature', async () => {
    expect(
      await lint(
        'src/client/features/catalog/zone-probe.ts',
        "import { CartPage } from '@client/features/cart/cart-page';\nexport const probe = CartPage;\n",
      ),
    ).toEqual([
      'import-x/no-restricted-paths: Unexpected path "@client/features/cart/cart-page" imported in restricted zone. A feature never imports another feature: move what both need down to components/ or lib/.',
    ]);
  });

  it('refuses a feature importing app/', async () => {
    const problems = await lint(
      'src/client/features/account/zone-probe.ts',
      "import { RequireAuth } from '@client/app/require-auth';\nexport const probe = RequireAuth;\n",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('Features never import app/');
  });

  it('refuses components/ and lib/ importing a feature or app/, also by a relative path', async () => {
    const fromLib = await lint(
      'src/client/lib/zone-probe.ts',
      "import { CartPage } from '../features/cart/cart-page';\nexport const probe = CartPage;\n",
    );
    const fromComponents = await lint(
      'src/client/components/ui/zone-probe.ts',
      "import { AppRoutes } from '@client/app/router';\nexport const probe = AppRoutes;\n",
    );
    for (const problems of [fromLib, fromComponents]) {
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('components/ and lib/ are shared by every feature');
    }
  });

  it('allows a feature its own files, components/, lib/ and @shared', async () => {
    expect(
      await lint(
        'src/client/features/catalog/zone-probe.ts',
        [
          "import { formatRupees } from '@shared/money';",
          "import { ProductCard } from '@client/components/catalog/product-card';",
          "import { useCart } from '@client/lib/cart/cart-context';",
          "import { PaginationNav } from './pagination-nav';",
          'export const probe = [formatRupees, ProductCard, useCart, PaginationNav];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // cart-context imports cart-reducer; a cart-reducer importing cart-context closes the loop.
    const problems = await lint(
      'src/client/lib/cart/cart-reducer.ts',
      "import { useCart } from './cart-context';\nexport const probe = useCart;\n",
    );
    expect(problems.some((problem) => problem.startsWith('import-x/no-cycle:'))).toBe(true);
  });
});
