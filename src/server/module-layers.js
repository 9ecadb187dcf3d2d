// @ts-check
/**
 * The server's layers, lowest first (docs/decisions/018-server-layers.md, docs/architecture.md "Server"): the one
 * place they are declared. `eslint.config.js` turns them into `import-x/no-restricted-paths` zones, so a wrong
 * import fails the lint (`src/server/import-layers.test.ts` proves it).
 *
 * The rules:
 * - **Core** (every file at the root of `src/server` but the composition files below, and `db/`) imports no
 *   module.
 * - A **module** (`src/server/modules/<name>/`) imports core, `src/shared`, and the modules of LOWER layers
 *   only: never a module of its own layer (siblings do not import each other, in either direction) and never
 *   one of a higher layer. What a lower module needs from a higher one comes in as a function argument or a
 *   registry the higher module fills when the app is built.
 * - It imports only the **public files** of another module: every file but its routes (`routes.ts` and
 *   `*-routes.ts`, which only the top's composition files and the admin mount `modules/admin/admin-api.ts`
 *   register), its tests (`*.test.ts`) and whatever it keeps in an `internal/` folder.
 * - The **top** — the composition files (`app.ts` and its types in `app-decorations.ts`, with the API's
 *   routes in `api-routes.ts` and the timed passes in `background-passes.ts`; `main.ts`; `static-files.ts`),
 *   `cli/`, the test harness `test/` and the tests outside module folders — sits above all modules: it may
 *   import any module's public files. Production code (core and modules) never imports the top.
 * - A **test in a module folder** (a `*.test.ts` below `modules/<name>/`) keeps its module's place: it
 *   imports its own module, core, `src/shared`, lower layers and the top (the fixtures of `test/`, the app
 *   and the CLIs it drives), never a module of its own or a higher layer. What it needs from above (a store
 *   seeded through the catalogue import, an order moved through the state machine) comes from a fixture in
 *   `test/` (`test/seed-catalog.ts`, `test/order-moves.ts`), so no two module folders import each other.
 *
 * | layer | modules | what they are |
 * |---|---|---|
 * | 1 | `stores` | host → store, the catalogue version |
 * | 2 | `mail`, `notifications`, `audit`, `media`, `backups`, `webhooks` | the outbox and the shop as sender; the message outbox for WhatsApp, SMS and e-mail, its sender, templates and phone consent (docs/messages.md); the audit log; uploaded images; backups and restores (docs/operations.md); outgoing webhooks, their outbox and sender (docs/webhooks.md) |
 * | 3 | `auth` | the authenticate hook, the member role hook and the session and membership lookups they need |
 * | 4 | `accounts` | register, sign-in, sessions, password reset, their rate limits |
 * | 5 | `members` | memberships, one-time set-up links, invitations, the demo owner, the admin sign-in |
 * | 6 | `promotions`, `stock-alerts` | automatic promotions: their prices (the best of promotion and sale price), the admin's promotions, the cache turnover at their start and end; back-in-stock alerts, asked for and sent when the stock comes back (below `catalog`, whose product editor raises stock; docs/messages.md) |
 * | 7 | `catalog` | products, categories, variants, product images, detail and list, the response cache |
 * | 8 | `search` | `GET /products` with text, facets and sort; suggestions; synonyms |
 * | 9 | `delivery` | shipping charges, zones, PIN codes, cash on delivery settings |
 * | 10 | `add-ons` | service add-ons (stitching, fall & pico): the store's list, measurement profiles, their pricing on order lines, stitching done (docs/add-ons.md) |
 * | 11 | `gst`, `coupons` | tax on order lines, tax invoices and credit notes, GSTR-1; coupon codes, their rules and usage counts (docs/discounts.md) |
 * | 12 | `orders` | checkout, the order state machine, tracking, the payment window, the owner's orders |
 * | 13 | `payments` | UPI, the card gateway, cash on delivery, late payments, marking an order paid |
 * | 14 | `returns`, `refunds`, `reviews` | after delivery: return requests, the returns queue, exchanges and RTO; refunds through the gateway or outside the store with their credit notes (docs/returns.md); reviews by shoppers who received the item, their moderation and the review request mail (docs/reviews.md) |
 * | 15 | `catalog-file`, `customers`, `dashboard`, `wishlist`, `address-book`, `health`, `maintenance`, `messages`, `webhook-settings`, `couriers`, `whatsapp`, `carts` | surfaces (`messages`: contact messages, newsletter sign-ups; `webhook-settings`: the owner's webhook endpoints and their deliveries; `couriers`: the courier adapters, Shiprocket booking and its tracking webhook, docs/shipping.md; `whatsapp`: the WhatsApp webhook — delivery statuses, 'STOP', COD buttons; `carts`: signed-in shoppers' carts kept on the server and their reminder, docs/messages.md) |
 * | 16 | `store-settings` | the owner's settings (checked and written as the catalogue file's `store` block) and their public read, store info |
 * | 17 | `seo` | storefront pages' HTML, sitemaps, preview images (reads store info) |
 * | 18 | `admin` | the `/api/v1/admin` mount of every module's admin routes |
 */
import { fileURLToPath } from 'node:url';

/** The modules of each layer, lowest first. A new module is added to the layer its imports allow. */
export const SERVER_MODULE_LAYERS = /** @type {const} */ ([
  ['stores'],
  ['mail', 'notifications', 'audit', 'media', 'backups', 'webhooks'],
  ['auth'],
  ['accounts'],
  ['members'],
  ['promotions', 'stock-alerts'],
  ['catalog'],
  ['search'],
  ['delivery'],
  ['add-ons'],
  ['gst', 'coupons'],
  ['orders'],
  ['payments'],
  ['returns', 'refunds', 'reviews'],
  [
    'catalog-file',
    'customers',
    'dashboard',
    'wishlist',
    'address-book',
    'health',
    'maintenance',
    'messages',
    'webhook-settings',
    'couriers',
    'whatsapp',
    'carts',
  ],
  ['store-settings'],
  ['seo'],
  ['admin'],
]);

/** The module that mounts every module's admin routes (it may import other modules' `admin-routes.ts`). */
export const ADMIN_MOUNT_MODULE = 'admin';

/** The top of the server, relative to `src/server`: composition files, CLIs and the test harness. */
export const SERVER_TOP = [
  'app.ts',
  'app-decorations.ts',
  'api-routes.ts',
  'background-passes.ts',
  'main.ts',
  'static-files.ts',
  'cli',
  'test',
];

/** Files of a module that other modules never import (globs below the module's folder). */
export const NON_PUBLIC_FILES = ['**/routes.ts', '**/*-routes.ts', '**/*.test.ts', '**/internal/**'];

/** The repository root (absolute, no trailing slash): zones are resolved from here, whatever the cwd. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

const serverDir = `${REPOSITORY_ROOT}/src/server`;
const modulesDir = `${serverDir}/modules`;

/**
 * The layer number (1 = lowest) of module `name`.
 * @param {string} name
 * @returns {number}
 * @throws {Error} for a module no layer lists (declare every module here).
 */
export function layerOf(name) {
  const index = SERVER_MODULE_LAYERS.findIndex((modules) =>
    /** @type {readonly string[]} */ (modules).includes(name),
  );
  if (index < 0) throw new Error(`src/server/module-layers.js: the module "${name}" is in no layer`);
  return index + 1;
}

/** @typedef {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }} Zone */

/**
 * The zones of production files (`import-x/no-restricted-paths`, absolute paths): core imports no module, each
 * module imports only lower layers, and no module imports another module's non-public files.
 * @param {string[]} moduleNames every folder of `src/server/modules` (each must be in a layer)
 * @returns {Zone[]}
 * @throws {Error} for a folder no layer lists, or a layer listing a module that has no folder.
 */
export function serverLayerZones(moduleNames) {
  checkDeclaredModules(moduleNames);
  const top = SERVER_TOP.map((path) => `${serverDir}/${path}`);
  const topFiles = SERVER_TOP.filter((path) => path.endsWith('.ts')).map((path) => path.slice(0, -3));
  const topFolders = SERVER_TOP.filter((path) => !path.endsWith('.ts'));
  /** @type {Zone[]} */
  const zones = [
    {
      target: [`${serverDir}/!(${topFiles.join('|')}).ts`, `${serverDir}/db/**`],
      from: [
        `${modulesDir}/**`,
        `${serverDir}/+(${topFiles.join('|')}).ts`,
        `${serverDir}/+(${topFolders.join('|')})/**`,
      ],
      message:
        'Core files (src/server root and db/) import no module and not the top (src/server/module-layers.js): move the code into a module.',
    },
  ];
  for (const name of moduleNames) {
    zones.push(
      moduleLayerZone(
        name,
        moduleNames,
        top,
        `The server module ${name} (layer ${layerOf(name)}) imports only core files, src/shared and modules of lower layers (src/server/module-layers.js): move the code to the module it belongs to, or pass a function in.`,
      ),
    );
  }
  return [...zones, ...publicFileZones(moduleNames)];
}

/**
 * The zones of the tests inside module folders (`import-x/no-restricted-paths`, absolute paths): a test of
 * module X imports X, core, `src/shared`, modules of lower layers and the top (`src/server/test`'s fixtures, the
 * app, the CLIs), never a module of its own or a higher layer, and only other modules' public files.
 * @param {string[]} moduleNames every folder of `src/server/modules` (each must be in a layer)
 * @returns {Zone[]}
 * @throws {Error} for a folder no layer lists, or a layer listing a module that has no folder.
 */
export function moduleTestZones(moduleNames) {
  checkDeclaredModules(moduleNames);
  // A module alone in the top layer has nothing to refuse (a zone needs at least one source).
  const modulesWithSameOrHigher = moduleNames.filter((name) =>
    moduleNames.some((other) => other !== name && layerOf(other) >= layerOf(name)),
  );
  return [
    ...modulesWithSameOrHigher.map((name) =>
      moduleLayerZone(
        name,
        moduleNames,
        [],
        `A test of the server module ${name} (layer ${layerOf(name)}) imports only its own module, core files, src/shared, modules of lower layers and src/server/test (src/server/module-layers.js): seed or move what it needs from a higher module through a fixture in src/server/test.`,
      ),
    ),
    ...publicFileZones(moduleNames),
  ];
}

/**
 * The zone that keeps module `name` from importing a module of its own or a higher layer, or `extraFrom`.
 * @param {string} name
 * @param {string[]} moduleNames
 * @param {string[]} extraFrom absolute paths also refused
 * @param {string} message
 * @returns {Zone}
 */
function moduleLayerZone(name, moduleNames, extraFrom, message) {
  const layer = layerOf(name);
  const sameOrHigher = moduleNames.filter((other) => other !== name && layerOf(other) >= layer);
  return {
    target: `${modulesDir}/${name}`,
    from: [...sameOrHigher.map((other) => `${modulesDir}/${other}`), ...extraFrom],
    message,
  };
}

/**
 * Checks that every module a layer lists has a folder (a folder no layer lists fails in {@link layerOf}).
 * @param {string[]} moduleNames every folder of `src/server/modules`
 * @throws {Error} for a layer listing a module that has no folder.
 */
function checkDeclaredModules(moduleNames) {
  for (const declared of SERVER_MODULE_LAYERS.flat()) {
    if (!moduleNames.includes(declared)) {
      throw new Error(
        `src/server/module-layers.js: the module "${declared}" has no folder in src/server/modules`,
      );
    }
  }
}

/**
 * The zones of every file under `src/server`, tests included: another module's routes, tests and `internal/`
 * files are not imported (the admin mount may import routes; the top files are not targets of these zones).
 * @param {string[]} moduleNames every folder of `src/server/modules`
 * @returns {Zone[]}
 */
export function publicFileZones(moduleNames) {
  return moduleNames.map((name) => ({
    target: `${modulesDir}/${name}`,
    from: (name === ADMIN_MOUNT_MODULE
      ? NON_PUBLIC_FILES.filter((glob) => !glob.includes('routes'))
      : NON_PUBLIC_FILES
    ).map((glob) => `${modulesDir}/*/${glob}`),
    except: [`${modulesDir}/${name}/**`],
    message: `Another module's routes, tests and internal/ files are not public (src/server/module-layers.js): import the module's service files, or register its routes in app.ts or the admin mount.`,
  }));
}
