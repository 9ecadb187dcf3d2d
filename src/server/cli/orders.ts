/**
 * `npm run orders -- <command>`: the shop owner's manual order steps, through the same state
 * machine as the server (modules/orders/order-lifecycle.ts), against the database of `DATA_DIR` /
 * `DATABASE_URL`. In embedded mode (no DATABASE_URL) run it while the server is stopped.
 *
 * ```
 * list [--status pending] [--limit 50]   newest orders first
 * show <order>                           lines, payments and history
 * mark-paid <order> --utr <UTR>          a UPI payment you saw in your bank app: Pending → Processing
 * ship <order> --tracking <number>       Processing → Shipped
 * deliver <order>                        Shipped → Delivered
 * cancel <order>                         Pending or Processing → Cancelled (restocks)
 * ```
 *
 * `--host shop.example.com` picks the store; without it an order number is looked up in every store. An
 * illegal move prints why, changes nothing and exits with code 1.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { formatRupeesForOrder, paiseToRupees } from '@shared/money';
import { ORDER_STATUS, orderStatusLabel, type OrderStatusCode } from '@shared/orders/order-status';
import type { Db } from '../db/database';
import { openCliDatabase, ORDER_STEPS_WHILE_RUNNING } from './cli-database';
import { orderEvents, orderLines, orders, payments, stores } from '../db/schema';
import { AppError } from '../errors';
import { transition } from '../modules/orders/order-lifecycle';
import { normalizeOrderNumber } from '../modules/orders/order-number';
import { confirmUpiPayment } from '../modules/payments/service';
import { loadStoreDirectory, normalizeHost, resolveStoreId } from '../modules/stores/service';

export const ORDERS_USAGE = [
  'Usage: npm run orders -- <command> [--host shop.example.com]',
  '  list [--status pending|processing|shipped|delivered|cancelled] [--limit N]',
  '  show <order>',
  '  mark-paid <order> --utr <UTR>',
  '  ship <order> --tracking <tracking number>',
  '  deliver <order>',
  '  cancel <order>',
].join('\n');

/** An error the CLI prints as is (exit code 1). */
class CliError extends Error {}

type Parsed = { command: string; positional: string[]; options: Map<string, string> };

const VALUE_OPTIONS = new Set(['--host', '--status', '--limit', '--utr', '--tracking']);

function parseArguments(argv: string[]): Parsed {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument.startsWith('--')) {
      const [name, inline] = argument.split(/=(.*)/s, 2) as [string, string | undefined];
      if (!VALUE_OPTIONS.has(name)) throw new CliError(`Unknown option ${name}\n${ORDERS_USAGE}`);
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new CliError(`${name} needs a value\n${ORDERS_USAGE}`);
      options.set(name, value);
    } else {
      positional.push(argument);
    }
  }
  const [command = '', ...rest] = positional;
  return { command, positional: rest, options };
}

const STATUS_NAMES: Record<string, OrderStatusCode> = {
  pending: ORDER_STATUS.pending,
  processing: ORDER_STATUS.processing,
  shipped: ORDER_STATUS.shipped,
  delivered: ORDER_STATUS.delivered,
  cancelled: ORDER_STATUS.cancelled,
};

const rupees = (paise: number) => formatRupeesForOrder(paiseToRupees(paise));
/** `2025-01-31 14:05` in UTC. */
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

type Found = { id: string; storeId: number; orderNumber: string };

/** The order the owner named (store by `--host`, else the only store holding that number). */
async function findOrder(db: Db, input: string | undefined, host: string | undefined): Promise<Found> {
  if (!input) throw new CliError(`Which order? Give its number, e.g. RS-7KQ29XD3\n${ORDERS_USAGE}`);
  const orderNumber = normalizeOrderNumber(input);
  if (!orderNumber) throw new CliError(`"${input}" is not an order number (e.g. RS-7KQ29XD3)`);
  const storeFilter = host
    ? eq(orders.storeId, resolveStoreId(await loadStoreDirectory(db), normalizeHost(host)))
    : undefined;
  const rows = await db
    .select({ id: orders.id, storeId: orders.storeId, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), storeFilter))
    .limit(2);
  if (rows.length === 0)
    throw new CliError(`Order ${orderNumber} not found${host ? ` in the store of ${host}` : ''}`);
  if (rows.length > 1) throw new CliError(`Order ${orderNumber} exists in several stores: add --host`);
  return rows[0]!;
}

async function list(db: Db, parsed: Parsed): Promise<void> {
  const statusName = parsed.options.get('--status')?.toLowerCase();
  if (statusName !== undefined && !(statusName in STATUS_NAMES)) {
    throw new CliError(`--status must be one of ${Object.keys(STATUS_NAMES).join(', ')}`);
  }
  const limitText = parsed.options.get('--limit') ?? '50';
  const limit = Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
    throw new CliError('--limit must be a whole number from 1 to 10000');
  const host = parsed.options.get('--host');
  const storeId = host ? resolveStoreId(await loadStoreDirectory(db), normalizeHost(host)) : undefined;
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      totalPaise: orders.totalPaise,
      email: orders.email,
      storeName: sql<string | null>`coalesce(${stores.storeName}, ${stores.companyName})`,
      units: sql<number>`(SELECT coalesce(sum(quantity), 0)::integer FROM order_lines WHERE order_id = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(
      and(
        storeId !== undefined ? eq(orders.storeId, storeId) : undefined,
        statusName !== undefined ? eq(orders.status, STATUS_NAMES[statusName]!) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit);
  if (rows.length === 0) {
    console.log('No orders.');
    return;
  }
  const storeCount = new Set(rows.map((row) => row.storeName)).size;
  for (const row of rows) {
    const columns = [
      row.orderNumber,
      when(row.createdAt),
      orderStatusLabel(row.status).padEnd(10),
      rupees(row.totalPaise).padStart(14),
      `${row.units} item${row.units === 1 ? '' : 's'}`.padEnd(9),
      row.email,
    ];
    if (storeCount > 1) columns.push(`[${row.storeName ?? 'store'}]`);
    console.log(columns.join('  '));
  }
}

async function show(db: Db, found: Found): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, found.id));
  if (!order) throw new CliError(`Order ${found.orderNumber} not found`);
  const [lines, history, paid] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
  ]);
  const out = [
    `Order ${order.orderNumber}`,
    `  Status:    ${orderStatusLabel(order.status)}`,
    `  Placed:    ${when(order.createdAt)}`,
    `  Customer:  ${order.email}, ${order.phone}`,
    `  Ship to:   ${order.fullName}, ${order.address}, ${order.city}, ${order.state} ${order.postalCode}`,
    `  Shipping:  ${order.shippingMethod}; tracking ${order.trackingNumber ?? 'Not available'}`,
    '  Items:',
    ...lines.map(
      (line) =>
        `    ${line.quantity} × ${line.productTitle} (${line.sku}) at ${rupees(line.unitPricePaise)} = ${rupees(line.lineTotalPaise)}`,
    ),
    `  Total:     ${rupees(order.totalPaise)}`,
    '  Payments:',
    ...(paid.length === 0
      ? ['    none']
      : paid.map((payment) => {
          const payer = payment.payer
            ? `; ${payment.payer.name}${payment.payer.businessName ? `, ${payment.payer.businessName}` : ''}${payment.payer.gstin ? ` (GSTIN ${payment.payer.gstin})` : ''}`
            : '';
          return `    ${when(payment.createdAt)}  ${payment.provider} ${payment.method}  ${payment.gatewayId ?? '(no id yet)'}  ${rupees(payment.amountPaise)}  ${payment.status}${payment.testMode ? '  TEST MODE' : ''}${payer}`;
        })),
    '  History:',
    ...history.map(
      (event) =>
        `    ${when(event.createdAt)}  ${event.fromStatus === null ? 'created' : orderStatusLabel(event.fromStatus)} → ${orderStatusLabel(event.toStatus)}  (${event.cause})`,
    ),
  ];
  console.log(out.join('\n'));
}

async function move(
  db: Db,
  found: Found,
  to: OrderStatusCode,
  cause: string,
  extra: { trackingNumber?: string } = {},
) {
  const result = await transition(db, found.storeId, found.id, to, cause, extra);
  const restocked =
    result.restockedUnits > 0
      ? `; ${result.restockedUnits} unit${result.restockedUnits === 1 ? '' : 's'} back in stock`
      : '';
  const tracking = extra.trackingNumber ? ` (tracking ${extra.trackingNumber.trim()})` : '';
  console.log(
    `Order ${result.orderNumber}: ${orderStatusLabel(result.from)} → ${orderStatusLabel(result.to)}${tracking}${restocked}.`,
  );
}

async function run(db: Db, parsed: Parsed): Promise<void> {
  const host = parsed.options.get('--host');
  const [orderInput, ...extra] = parsed.positional;
  const oneOrder = async () => {
    if (extra.length > 0) throw new CliError(`Unexpected argument ${extra[0]}\n${ORDERS_USAGE}`);
    return findOrder(db, orderInput, host);
  };
  switch (parsed.command) {
    case 'list':
      if (parsed.positional.length > 0)
        throw new CliError(`Unexpected argument ${parsed.positional[0]}\n${ORDERS_USAGE}`);
      return list(db, parsed);
    case 'show':
      return show(db, await oneOrder());
    case 'mark-paid': {
      const utr = parsed.options.get('--utr');
      if (!utr)
        throw new CliError(`mark-paid needs --utr <UTR> (the UPI reference of the payment)\n${ORDERS_USAGE}`);
      const found = await oneOrder();
      const [order] = await db
        .select({ totalPaise: orders.totalPaise })
        .from(orders)
        .where(eq(orders.id, found.id));
      const result = await confirmUpiPayment(db, {
        storeId: found.storeId,
        orderId: found.orderNumber,
        utr: utr.trim(),
        amountPaise: order!.totalPaise,
        source: 'cli',
        testMode: false,
      });
      console.log(
        result.replayed
          ? `Order ${result.orderNumber}: UTR ${utr.trim()} was already recorded; nothing changed.`
          : `Order ${result.orderNumber}: Pending → Processing (paid, UTR ${utr.trim()}).`,
      );
      return;
    }
    case 'ship': {
      const tracking = parsed.options.get('--tracking');
      if (!tracking) throw new CliError(`ship needs --tracking <tracking number>\n${ORDERS_USAGE}`);
      return move(db, await oneOrder(), ORDER_STATUS.shipped, `cli: ship tracking ${tracking.trim()}`, {
        trackingNumber: tracking,
      });
    }
    case 'deliver':
      return move(db, await oneOrder(), ORDER_STATUS.delivered, 'cli: deliver');
    case 'cancel':
      return move(db, await oneOrder(), ORDER_STATUS.cancelled, 'cli: cancel');
    default:
      throw new CliError(
        parsed.command ? `Unknown command ${parsed.command}\n${ORDERS_USAGE}` : ORDERS_USAGE,
      );
  }
}

/** Runs the CLI; resolves to the exit code (0 done, 1 refused or failed). */
export async function runOrdersCli(argv: string[]): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parseArguments(argv);
    if (!parsed.command) throw new CliError(ORDERS_USAGE);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const database = await openCliDatabase({ inUseNote: ORDER_STEPS_WHILE_RUNNING });
  if (!database) return 1;
  try {
    await run(database.db, parsed);
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
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runOrdersCli(process.argv.slice(2)).then((code) => process.exit(code));
}
