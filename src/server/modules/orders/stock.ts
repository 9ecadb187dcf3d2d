/**
 * Stock at checkout: tracked variants (`product_variants.stock` not null) and tracked products without
 * variants (`products.stock` not null), in pieces or metres by the product's unit. The order's statement takes
 * each quantity off stock with a conditional update (./place-order.ts), so concurrent checkouts never oversell;
 * a line it could not reserve is refused here, naming every short line with its stock as it is now.
 */
import { sql } from 'drizzle-orm';
import { formatQuantity, type UnitOfMeasure } from '@shared/catalog/unit-of-measure';
import { rowsOf, type Db } from '../../db/database';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { ConflictError } from '../../errors';
import { lineField, type WantedLine } from './order-lines';
import type { PlacedLine } from './placed-rows';

/** The `fields` message of a line with less on hand than ordered: 'only 2 left', 'only 1.5 m left'. */
export const onlyLeft = (stock: number, unit: UnitOfMeasure = 'piece') =>
  `only ${formatQuantity(Math.max(0, stock), unit)} left`;

/** The 409 message naming a short product without variants. */
export const notEnoughStock = (title: string) => `Not enough stock for ${title}`;

/**
 * The 409 message naming a short variant by its title and the options it has:
 * 'Maroon Raw Silk Kurta — M / Maroon: only 1 left', 'Katan Silk — Gold: only 1.5 m left'.
 */
export function variantShortMessage(
  line: Pick<PlacedLine, 'title' | 'size' | 'color' | 'unit'>,
  stock: number,
): string {
  const options = [line.size, line.color].filter((option): option is string => Boolean(option));
  const name = options.length > 0 ? `${line.title ?? ''} — ${options.join(' / ')}` : (line.title ?? '');
  return `${name}: ${onlyLeft(stock, line.unit)}`;
}

/** A wanted line the order's statement could not reserve, with what it found. */
export type ShortLine = { wanted: WantedLine; placed: PlacedLine };

/**
 * The refusal of an order whose tracked lines in `short` (at least one, in the body's order) could not be
 * covered: 409 naming the first — `<title> — <size> / <colour>: only N left` for a variant, `Not enough stock
 * for <title>` for a product without variants — with `fields` 'only N left' for each (`products.<id>` or
 * `lines.<i>.quantity`), N read now (a concurrent order may have changed it since the order's statement
 * began).
 */
export async function shortStockError(tx: Db, storeId: number, short: ShortLine[]): Promise<ConflictError> {
  const variantIds = short.flatMap(({ placed }) => (placed.variantId ? [placed.variantId] : []));
  const productIds = short.flatMap(({ placed }) =>
    !placed.variantId && placed.productId ? [placed.productId] : [],
  );
  const current = await tx.execute(sql`
    SELECT id::text AS id, stock FROM ${productVariants}
    WHERE store_id = ${storeId} AND id = ANY(${sql.param(variantIds)}::uuid[])
    UNION ALL
    SELECT id::text AS id, stock FROM ${products}
    WHERE store_id = ${storeId} AND id = ANY(${sql.param(productIds)}::uuid[])
  `);
  const stockNow = new Map(
    rowsOf<{ id: string; stock: string | number | null }>(current).map((row) => [
      row.id,
      Number(row.stock ?? 0),
    ]),
  );
  const left = ({ placed }: ShortLine) => stockNow.get(placed.variantId ?? placed.productId ?? '') ?? 0;
  const first = short[0]!;
  const message = first.placed.variantId
    ? variantShortMessage(first.placed, left(first))
    : notEnoughStock(first.placed.title ?? '');
  return new ConflictError(
    message,
    Object.fromEntries(
      short.map((line) => [lineField(line.wanted, 'quantity'), onlyLeft(left(line), line.placed.unit)]),
    ),
  );
}
