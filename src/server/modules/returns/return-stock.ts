/**
 * The stock a return moves (docs/returns.md "Exchanges"): at approval each exchange size is taken off its
 * variant's tracked stock and held; at receipt a restocked line goes back on the stock it was sold from.
 * Conditional updates (`stock = stock - q WHERE stock >= q`, `stock = stock + q WHERE stock IS NOT NULL`), every
 * statement scoped to the store; quantities in the line's unit (pieces or metres).
 */
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { returnLines } from '../../db/schema/return-tables';
import { ConflictError } from '../../errors';
import { isExchange, type LineRow } from './return-step-runner';
import { sendStockAlerts } from '../stock-alerts/stock-alert-release';

/** 409 of an exchange whose size is gone: 'Cotton Kurta in size L (White) is sold out: the exchange cannot be held'. */
export function exchangeSoldOutMessage(title: string, size: string | null, color: string | null): string {
  const option = size ? ` in size ${size}${color ? ` (${color})` : ''}` : color ? ` in ${color}` : '';
  return `${title}${option} is sold out: the exchange cannot be held`;
}

/**
 * Holds the stock of each exchange line's variant: `stock = stock - quantity WHERE stock >= quantity`, in
 * variant id order (so two approvals never deadlock), only where the stock is tracked; marks the line
 * `exchange_held` 1 when the line's quantity was taken, 0 when nothing was (the variant's stock is not tracked).
 * @throws {ConflictError} naming the size when a variant is gone or short (the transaction then undoes it all).
 */
export async function holdExchangeStock(tx: Db, storeId: number, lines: LineRow[]): Promise<void> {
  const exchanges = lines
    .filter(({ line }) => isExchange(line))
    .sort((a, b) => String(a.line.exchangeVariantId).localeCompare(String(b.line.exchangeVariantId)));
  for (const { line, orderLine } of exchanges) {
    const soldOut = () =>
      new ConflictError(
        exchangeSoldOutMessage(orderLine.productTitle, line.exchangeSize, line.exchangeColor),
      );
    if (!line.exchangeVariantId) throw soldOut();
    const taken = rowsOf<{ id: string }>(
      await tx.execute(sql`
        UPDATE ${productVariants} SET stock = stock - ${line.quantity}
        WHERE store_id = ${storeId} AND id = ${line.exchangeVariantId}
          AND stock IS NOT NULL AND stock >= ${line.quantity}
        RETURNING id`),
    );
    let held = 1;
    if (taken.length === 0) {
      const [variant] = await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(and(eq(productVariants.storeId, storeId), eq(productVariants.id, line.exchangeVariantId)));
      if (!variant || variant.stock !== null) throw soldOut();
      held = 0; // Not tracked: nothing to hold.
    }
    await tx
      .update(returnLines)
      .set({ exchangeHeld: held })
      .where(and(eq(returnLines.storeId, storeId), eq(returnLines.id, line.id)));
  }
}

/**
 * Puts `quantity` back on the stock the order line came from (its variant, else its product), where that
 * stock is still tracked; a deleted product or variant takes nothing back.
 */
export async function restockLine(
  tx: Db,
  storeId: number,
  orderLine: LineRow['orderLine'],
  quantity: number,
) {
  const table = orderLine.variantId ? productVariants : products;
  const id = orderLine.variantId ?? orderLine.productId;
  if (!id) return;
  await tx.execute(sql`
    UPDATE ${table} SET stock = stock + ${quantity}
    WHERE store_id = ${storeId} AND id = ${id} AND stock IS NOT NULL`);
  // Stock back on sale sends its waiting back-in-stock alerts (docs/messages.md).
  if (orderLine.productId) await sendStockAlerts(tx, storeId, [orderLine.productId]);
}
