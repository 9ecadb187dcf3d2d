/**
 * The server's layers hold (src/server/module-layers.js, docs/decisions/018-server-layers.md): ESLint refuses a
 * module importing a higher layer, two modules of one layer importing each other, another module's routes or
 * tests, core importing a module, a test in a module folder importing a module of its own or a higher layer,
 * and an import cycle; it accepts what the layers allow. Each case lints a small module as if it were a file at
 * that path. (The configuration itself refuses to load while a module folder is in no layer, or a layer names a
 * module that has no folder.)
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

/** The rule ids and messages ESLint reports for `code` placed at `filePath`. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const LAYER_RULE = 'imports only core files, src/shared and modules of lower layers';
const PUBLIC_RULE = "Another module's routes, tests and internal/ files are not public";

describe('server import layers', () => {
  it('refuses a module importing a higher layer', async () => {
    expect(
      await lint(
        'src/server/modules/catalog/layer-probe.ts',
        "import { listAdminOrders } from '../orders/admin-orders';\nexport const probe = listAdminOrders;\n",
      ),
    ).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../orders/admin-orders" imported in restricted zone. The server module catalog (layer 7) imports only core files, src/shared and modules of lower layers (src/server/module-layers.js): move the code to the module it belongs to, or pass a function in.',
    ]);
  });

  it('refuses two modules of one layer importing each other, in either direction', async () => {
    const customersToDashboard = await lint(
      'src/server/modules/customers/layer-probe.ts',
      "import { loadDashboard } from '../dashboard/dashboard';\nexport const probe = loadDashboard;\n",
    );
    const dashboardToCustomers = await lint(
      'src/server/modules/dashboard/layer-probe.ts',
      "import { listCustomers } from '../customers/customer-list';\nexport const probe = listCustomers;\n",
    );
    for (const problems of [customersToDashboard, dashboardToCustomers]) {
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(LAYER_RULE);
    }
  });

  it("refuses another module's routes and tests, also from a test and from a lower layer's public side", async () => {
    const routes = await lint(
      'src/server/modules/orders/layer-probe.ts',
      "import { catalogRoutes } from '../catalog/routes';\nexport const probe = catalogRoutes;\n",
    );
    const adminRoutes = await lint(
      'src/server/modules/payments/layer-probe.test.ts',
      "import { orderAdminRoutes } from '../orders/admin-routes';\nexport const probe = orderAdminRoutes;\n",
    );
    const test = await lint(
      'src/server/modules/payments/layer-probe.ts',
      "import * as probe from '../orders/order-number.test';\nexport { probe };\n",
    );
    for (const problems of [routes, adminRoutes, test]) {
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(PUBLIC_RULE);
    }
  });

  it('refuses core files importing a module or the top', async () => {
    for (const [path, code] of [
      [
        'src/server/layer-probe.ts',
        "import { normalizeHost } from './modules/stores/service';\nexport const probe = normalizeHost;\n",
      ],
      [
        'src/server/db/layer-probe.ts',
        "import { buildApp } from '../app';\nexport const probe = buildApp;\n",
      ],
    ] as const) {
      const problems = await lint(path, code);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('Core files (src/server root and db/) import no module');
    }
  });

  it('refuses an import cycle', async () => {
    // outbox-sender imports outbox; an outbox importing outbox-sender closes the loop.
    const problems = await lint(
      'src/server/modules/mail/outbox.ts',
      "import { OutboxSender } from './outbox-sender';\nexport const probe = OutboxSender;\n",
    );
    expect(problems.some((problem) => problem.startsWith('import-x/no-cycle:'))).toBe(true);
  });

  it('allows lower layers, core, @shared, its own routes, and the admin mount the admin routes', async () => {
    expect(
      await lint(
        'src/server/modules/orders/layer-probe.ts',
        [
          "import { ORDER_STATUS } from '@shared/orders/order-status';",
          "import { NotFoundError } from '../../errors';",
          "import { isProductId } from '../catalog/product-id';",
          "import { orderTax } from '../gst/order-tax';",
          "import { recordAudit } from '../audit/audit-log';",
          "import { orderRoutes } from './routes';",
          'export const probe = [ORDER_STATUS, NotFoundError, isProductId, orderTax, recordAudit, orderRoutes];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/server/modules/admin/layer-probe.ts',
        "import { orderAdminRoutes } from '../orders/admin-routes';\nexport const probe = orderAdminRoutes;\n",
      ),
    ).toEqual([]);
  });

  it('refuses a test in a module folder importing a module of its own or a higher layer', async () => {
    expect(
      await lint(
        'src/server/modules/gst/layer-probe.test.ts',
        "import { transition } from '../orders/order-lifecycle';\nexport const probe = transition;\n",
      ),
    ).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../orders/order-lifecycle" imported in restricted zone. A test of the server module gst (layer 11) imports only its own module, core files, src/shared, modules of lower layers and src/server/test (src/server/module-layers.js): seed or move what it needs from a higher module through a fixture in src/server/test.',
    ]);
    const sibling = await lint(
      'src/server/modules/customers/layer-probe.test.ts',
      "import { loadDashboard } from '../dashboard/dashboard';\nexport const probe = loadDashboard;\n",
    );
    expect(sibling).toHaveLength(1);
    expect(sibling[0]).toContain('A test of the server module customers (layer 15) imports only');
  });

  it('lets a test in a module folder use its module, lower layers, the fixtures and the app', async () => {
    expect(
      await lint(
        'src/server/modules/gst/layer-probe.test.ts',
        [
          "import { buildApp } from '../../app';",
          "import { payTestOrder } from '../../test/order-moves';",
          "import { seedCatalog } from '../../test/seed-catalog';",
          "import { isProductId } from '../catalog/product-id';",
          "import { orderTax } from './order-tax';",
          'export const probe = [buildApp, payTestOrder, seedCatalog, isProductId, orderTax];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('lets the test harness and the tests outside module folders sit above every module', async () => {
    for (const [path, code] of [
      [
        'src/server/test/layer-probe.ts',
        "import { transition } from '../modules/orders/order-lifecycle';\nexport const probe = transition;\n",
      ],
      [
        'src/server/layer-probe.test.ts',
        "import { transition } from './modules/orders/order-lifecycle';\nexport const probe = transition;\n",
      ],
    ] as const) {
      expect(await lint(path, code)).toEqual([]);
    }
  });
});
