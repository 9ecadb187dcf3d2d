/**
 * The admin's import walls (eslint.config.js, docs/decisions/013-admin-area.md): the admin uses components/,
 * lib/ and @shared but never a storefront feature or app/, and nothing in the storefront imports the admin.
 * Each case lints a small module as if it were a file at that path.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname });

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const ADMIN_WALL =
  'The admin (docs/decisions/013-admin-area.md) uses components/, lib/ and @shared, never the storefront.';
const STOREFRONT_WALL =
  'The storefront never imports the admin: it is its own entry (docs/decisions/013-admin-area.md).';

describe('admin import zones', () => {
  it('refuses the admin importing a storefront feature or app/', async () => {
    const feature = await lint(
      'src/client/admin/orders/zone-probe.ts',
      "import { CartPage } from '@client/features/cart/cart-page';\nexport const probe = CartPage;\n",
    );
    const app = await lint(
      'src/client/admin/zone-probe.ts',
      "import { AppRoutes } from '../app/router';\nexport const probe = AppRoutes;\n",
    );
    for (const problems of [feature, app]) {
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(ADMIN_WALL);
    }
  });

  it('refuses the storefront importing the admin', async () => {
    for (const path of ['src/client/features/orders/zone-probe.ts', 'src/client/lib/zone-probe.ts']) {
      const problems = await lint(
        path,
        "import { OrdersPage } from '@client/admin/orders/orders-page';\nexport const probe = OrdersPage;\n",
      );
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(STOREFRONT_WALL);
    }
  });

  it('allows the admin components/, lib/ and @shared', async () => {
    expect(
      await lint(
        'src/client/admin/orders/zone-probe.ts',
        [
          "import { formatRupees } from '@shared/money';",
          "import { Button } from '@client/components/ui/button';",
          "import { apiUrl } from '@client/lib/api-client';",
          "import { adminApiSession } from '../lib/admin-api';",
          'export const probe = [formatRupees, Button, apiUrl, adminApiSession];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
