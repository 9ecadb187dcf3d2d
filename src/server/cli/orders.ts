/**
 * `npm run orders -- <command>`: the shop owner's manual order steps, through the same services as the server
 * — the order state machine (modules/orders/order-lifecycle.ts), the UPI confirmation of the payment routes,
 * the owner's order queries and the mail outbox — against the database of `DATA_DIR` / `DATABASE_URL`. In
 * embedded mode (no DATABASE_URL) run it while the server is stopped.
 *
 * ```
 * list [--status pending] [--limit 50]   newest orders first (TEST: paid in test mode)
 * show <order>                           lines, payments and history
 * mark-paid <order> --utr <UTR>          a UPI payment you saw in your bank app: Pending → Processing
 * ship <order> --tracking <number> [--courier <name>]
 *                                        Processing → Shipped (a known courier gives the shopper its tracking link)
 * deliver <order>                        Shipped → Delivered
 * cancel <order>                         Pending or Processing → Cancelled (restocks)
 * mail                                   e-mails that failed or are still waiting, with the last error
 * gst-export <YYYY-MM> [--out <dir>]     the month's GSTR-1 CSV sheets (docs/gst.md) into <dir> (default .)
 * invoice <order> [--out <dir>]          the order's tax invoice and credit note PDFs into <dir> (default .)
 * reconcile [--since YYYY-MM-DD]         ask the gateway now about open payment attempts (docs/payments.md
 *                                        "Reconciliation"); one line per attempt
 * ```
 *
 * `--host shop.example.com` picks the store; without it an order number is looked up in every store. An
 * illegal move prints why, changes nothing and exits with code 1.
 */
import { courierDisplayName } from '@shared/orders/couriers';
import { ORDER_STATUS, orderStatusLabel, type OrderStatusCode } from '@shared/orders/order-status';
import { loadConfig, type AppConfig } from '../config';
import type { Database, Db } from '../db/database';
import { AppError } from '../errors';
import { exportGstr1Files, exportOrderDocuments } from '../modules/gst/gstr1-files';
import { listUndeliveredMails } from '../modules/mail/outbox';
import { transition } from '../modules/orders/order-lifecycle';
import {
  findOwnerOrders,
  listOwnerOrders,
  ownerOrderDetails,
  type OwnerOrderRef,
} from '../modules/orders/owner-orders';
import { paymentSettings } from '../modules/payments/settings';
import { confirmUpiPayment } from '../modules/payments/upi-confirmation';
import { loadStoreDirectory, normalizeHost, resolveStoreId } from '../modules/stores/service';
import { openCliDatabase, ORDER_STEPS_WHILE_RUNNING } from './cli-database';
import { CliError, ORDERS_USAGE, parseArguments, type ParsedArguments } from './orders-arguments';
import { orderDetailLines, orderListLines, undeliveredMailLines } from './orders-output';
import { reconcileCommand } from './orders-reconcile';

const STATUS_NAMES: Record<string, OrderStatusCode> = {
  pending: ORDER_STATUS.pending,
  processing: ORDER_STATUS.processing,
  shipped: ORDER_STATUS.shipped,
  delivered: ORDER_STATUS.delivered,
  cancelled: ORDER_STATUS.cancelled,
};

const print = (lines: string[]) => console.log(lines.join('\n'));

/** The store of `--host`, or undefined for every store. */
async function storeOf(db: Db, host: string | undefined): Promise<number | undefined> {
  return host ? resolveStoreId(await loadStoreDirectory(db), normalizeHost(host)) : undefined;
}

/** The order the owner named (store by `--host`, else the only store holding that number). */
async function findOrder(
  db: Db,
  input: string | undefined,
  host: string | undefined,
): Promise<OwnerOrderRef> {
  if (!input) throw new CliError(`Which order? Give its number, e.g. RS-7KQ29XD3\n${ORDERS_USAGE}`);
  const result = await findOwnerOrders(db, input, await storeOf(db, host));
  if (!result) throw new CliError(`"${input}" is not an order number (e.g. RS-7KQ29XD3)`);
  const { orderNumber, found } = result;
  if (found.length === 0) {
    throw new CliError(`Order ${orderNumber} not found${host ? ` in the store of ${host}` : ''}`);
  }
  if (found.length > 1) throw new CliError(`Order ${orderNumber} exists in several stores: add --host`);
  return found[0]!;
}

async function list(db: Db, parsed: ParsedArguments): Promise<void> {
  const statusName = parsed.options.get('--status')?.toLowerCase();
  if (statusName !== undefined && !(statusName in STATUS_NAMES)) {
    throw new CliError(`--status must be one of ${Object.keys(STATUS_NAMES).join(', ')}`);
  }
  const limit = Number(parsed.options.get('--limit') ?? '50');
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
    throw new CliError('--limit must be a whole number from 1 to 10000');
  }
  const rows = await listOwnerOrders(db, {
    storeId: await storeOf(db, parsed.options.get('--host')),
    status: statusName === undefined ? undefined : STATUS_NAMES[statusName],
    limit,
  });
  print(orderListLines(rows));
}

async function show(db: Db, found: OwnerOrderRef): Promise<void> {
  const details = await ownerOrderDetails(db, found);
  if (!details) throw new CliError(`Order ${found.orderNumber} not found`);
  print(orderDetailLines(details));
}

async function move(
  db: Db,
  found: OwnerOrderRef,
  to: OrderStatusCode,
  cause: string,
  extra: { trackingNumber?: string; courier?: string } = {},
): Promise<void> {
  const result = await transition(db, found.storeId, found.id, to, cause, extra);
  // Pieces and metres cannot be added up in one figure: say only that stock went back.
  const restocked = result.restockedUnits > 0 ? '; its stock is back on sale' : '';
  const by = extra.courier ? `${extra.courier}, ` : '';
  const tracking = extra.trackingNumber ? ` (${by}tracking ${extra.trackingNumber.trim()})` : '';
  console.log(
    `Order ${result.orderNumber}: ${orderStatusLabel(result.from)} → ${orderStatusLabel(result.to)}${tracking}${restocked}.`,
  );
}

async function markPaid(db: Db, found: OwnerOrderRef, utr: string): Promise<void> {
  const result = await confirmUpiPayment(db, {
    storeId: found.storeId,
    orderId: found.orderNumber,
    utr: utr.trim(),
    amountPaise: found.totalPaise,
    source: 'cli',
    testMode: false,
  });
  console.log(
    result.replayed
      ? `Order ${result.orderNumber}: UTR ${utr.trim()} was already recorded; nothing changed.`
      : result.settlement === 'reinstated'
        ? `Order ${result.orderNumber}: Cancelled → Processing (paid after its payment window, UTR ${utr.trim()}; stock taken again).`
        : `Order ${result.orderNumber}: Pending → Processing (paid, UTR ${utr.trim()}).`,
  );
}

async function run(db: Db, parsed: ParsedArguments, config: () => AppConfig): Promise<void> {
  const host = parsed.options.get('--host');
  const [orderInput, ...extra] = parsed.positional;
  const noArguments = () => {
    if (parsed.positional.length > 0) {
      throw new CliError(`Unexpected argument ${parsed.positional[0]}\n${ORDERS_USAGE}`);
    }
  };
  const oneOrder = async () => {
    if (extra.length > 0) throw new CliError(`Unexpected argument ${extra[0]}\n${ORDERS_USAGE}`);
    return findOrder(db, orderInput, host);
  };
  switch (parsed.command) {
    case 'list':
      noArguments();
      return list(db, parsed);
    case 'show':
      return show(db, await oneOrder());
    case 'mark-paid': {
      const utr = parsed.options.get('--utr');
      if (!utr) {
        throw new CliError(`mark-paid needs --utr <UTR> (the UPI reference of the payment)\n${ORDERS_USAGE}`);
      }
      return markPaid(db, await oneOrder(), utr);
    }
    case 'ship': {
      const tracking = parsed.options.get('--tracking');
      if (!tracking) throw new CliError(`ship needs --tracking <tracking number>\n${ORDERS_USAGE}`);
      const named = parsed.options.get('--courier')?.trim();
      const courier = named ? courierDisplayName(named) : undefined;
      const by = courier ? `by ${courier} ` : '';
      return move(db, await oneOrder(), ORDER_STATUS.shipped, `cli: ship ${by}tracking ${tracking.trim()}`, {
        trackingNumber: tracking,
        ...(courier ? { courier } : {}),
      });
    }
    case 'deliver':
      return move(db, await oneOrder(), ORDER_STATUS.delivered, 'cli: deliver');
    case 'cancel':
      return move(db, await oneOrder(), ORDER_STATUS.cancelled, 'cli: cancel');
    case 'gst-export': {
      if (!orderInput || extra.length > 0 || !/^\d{4}-(0[1-9]|1[0-2])$/.test(orderInput)) {
        throw new CliError(`gst-export needs the month, e.g. gst-export 2026-11\n${ORDERS_USAGE}`);
      }
      const storeId = (await storeOf(db, host)) ?? (await loadStoreDirectory(db)).defaultStoreId;
      return print(await exportGstr1Files(db, storeId, orderInput, parsed.options.get('--out') ?? '.'));
    }
    case 'invoice': {
      const found = await oneOrder();
      const out = parsed.options.get('--out') ?? '.';
      return print(await exportOrderDocuments(db, found.storeId, found.id, found.orderNumber, out));
    }
    case 'reconcile': {
      noArguments();
      const since = parsed.options.get('--since');
      return print(
        await reconcileCommand(db, {
          since,
          storeId: await storeOf(db, host),
          settings: paymentSettings(config()),
          mailFrom: config().MAIL_FROM,
        }),
      );
    }
    case 'mail':
      noArguments();
      return print(
        undeliveredMailLines(await listUndeliveredMails(db, { storeId: await storeOf(db, host) })),
      );
    default:
      throw new CliError(
        parsed.command ? `Unknown command ${parsed.command}\n${ORDERS_USAGE}` : ORDERS_USAGE,
      );
  }
}

export type RunOrdersCliOptions = {
  /** An open, migrated database to use (and leave open); without it the CLI opens the configured one. */
  database?: Database;
  /** The settings (the payment gateway, `MAIL_FROM`); without them the CLI reads the environment. */
  config?: AppConfig;
};

/** Runs the CLI; resolves to the exit code (0 done, 1 refused or failed). */
export async function runOrdersCli(argv: string[], options: RunOrdersCliOptions = {}): Promise<number> {
  let parsed: ParsedArguments;
  try {
    parsed = parseArguments(argv);
    if (!parsed.command) throw new CliError(ORDERS_USAGE);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const database = options.database ?? (await openCliDatabase({ inUseNote: ORDER_STEPS_WHILE_RUNNING }));
  if (!database) return 1;
  try {
    await run(database.db, parsed, () => options.config ?? loadConfig());
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof AppError) {
      console.error(`${error.message}.`);
      console.error('Nothing was changed.');
      return 1;
    }
    console.error(`Failed, nothing was changed: ${(error as Error).message}`);
    return 1;
  } finally {
    if (!options.database) await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runOrdersCli(process.argv.slice(2)).then((code) => process.exit(code));
}
