/**
 * A small shop and its orders, written straight into the tables with Drizzle, for tests of what happens to an
 * order after it was placed (payment window, cancellations, late payments, lifecycle mails) without going
 * through checkout. The shop sells a saree by the piece with product stock, a kurta in two variants with
 * variant stock, a fabric by the metre with stock in metres, and an untracked dupatta. Prices in paise.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS, type OrderStatusCode } from '@shared/orders/order-status';
import { rowsOf, type Db } from '../db/database';
import { categories, productVariants, products } from '../db/schema/catalog-tables';
import { orderEvents, orderLines, orders } from '../db/schema/order-tables';
import { payments } from '../db/schema/payment-tables';
import { storeHosts, stores } from '../db/schema/store-tables';
import { generateOrderNumber } from '../modules/orders/order-number';

/** Stock levels of a fresh {@link insertTestShop}: pieces, except the fabric in metres. */
export const SHOP_STOCK = { saree: 20, kurtaM: 6, kurtaL: 2, fabric: 20 } as const;

export type TestShop = {
  storeId: number;
  saree: string;
  kurta: string;
  kurtaM: string;
  kurtaL: string;
  fabric: string;
  dupatta: string;
};

export type TestShopOptions = {
  /** The host that picks the store (also answered as the default store unless `isDefault` is false). */
  host?: string;
  isDefault?: boolean;
  storeName?: string;
  /** The shop's company e-mail (the sender of its mails, the recipient of its notices); null for none. */
  companyEmail?: string | null;
};

/** Inserts a store with the four products; returns their ids. */
export async function insertTestShop(db: Db, options: TestShopOptions = {}): Promise<TestShop> {
  const [store] = await db
    .insert(stores)
    .values({
      isDefault: options.isDefault ?? true,
      storeName: options.storeName ?? 'Silk House',
      companyName: 'Silk House Private Limited',
      companyEmail: options.companyEmail === undefined ? 'care@silk.example' : options.companyEmail,
    })
    .returning({ id: stores.id });
  const storeId = store!.id;
  if (options.host) await db.insert(storeHosts).values({ host: options.host, storeId });
  const [category] = await db
    .insert(categories)
    .values({ storeId, name: 'Women', position: 0 })
    .returning({ id: categories.id });
  const product = async (values: {
    sku: string;
    title: string;
    pricePaise: number;
    stock: number | null;
    unit?: 'piece' | 'm';
  }) => {
    const [row] = await db
      .insert(products)
      .values({
        storeId,
        sku: values.sku,
        title: values.title,
        description: `${values.title}, hand finished.`,
        categoryId: category!.id,
        regularPricePaise: values.pricePaise,
        stock: values.stock,
        importedStock: values.stock,
        unit: values.unit ?? 'piece',
        minQuantity: 1,
        quantityStep: values.unit === 'm' ? 0.5 : 1,
        contentHash: values.sku,
      })
      .returning({ id: products.id });
    return row!.id;
  };
  const saree = await product({
    sku: `SAR-${storeId}`,
    title: 'Katan Silk Saree',
    pricePaise: 249_900,
    stock: SHOP_STOCK.saree,
  });
  const kurta = await product({
    sku: `KUR-${storeId}`,
    title: 'Cotton Kurta',
    pricePaise: 99_950,
    stock: null,
  });
  const variant = async (size: string, stock: number, position: number) => {
    const [row] = await db
      .insert(productVariants)
      .values({
        storeId,
        productId: kurta,
        sku: `KUR-${storeId}-${size}`,
        size,
        color: 'White',
        stock,
        position,
      })
      .returning({ id: productVariants.id });
    return row!.id;
  };
  const kurtaM = await variant('M', SHOP_STOCK.kurtaM, 0);
  const kurtaL = await variant('L', SHOP_STOCK.kurtaL, 1);
  const fabric = await product({
    sku: `FAB-${storeId}`,
    title: 'Banarasi Silk Fabric',
    pricePaise: 45_000,
    stock: SHOP_STOCK.fabric,
    unit: 'm',
  });
  const dupatta = await product({
    sku: `DUP-${storeId}`,
    title: 'Mulmul Dupatta',
    pricePaise: 35_000,
    stock: null,
  });
  return { storeId, saree, kurta, kurtaM, kurtaL, fabric, dupatta };
}

/** One line to order: a product (or a variant of it) and a quantity in its unit. */
export type TestLine = { productId: string; variantId?: string; quantity: number };

export type TestOrderInput = {
  storeId: number;
  userId: number;
  email?: string;
  lines: TestLine[];
  status?: OrderStatusCode;
  /** When its stock stops being held (default: 30 minutes from now). */
  paymentDueAt?: Date | null;
  /** Take the quantities off tracked stock, as checkout does (default true). */
  reserve?: boolean;
};

export type TestOrder = { id: string; orderNumber: string; totalPaise: number };

/**
 * Inserts an order with its line snapshot (size, colour, unit, prices copied from the catalogue rows), its
 * 'created' event and, unless `reserve` is false, its quantities taken off tracked stock.
 * @throws when a tracked stock is short (the test set it up wrong).
 */
export async function insertTestOrder(db: Db, input: TestOrderInput): Promise<TestOrder> {
  const lines = [];
  for (const [position, line] of input.lines.entries()) {
    const [item] = await db.select().from(products).where(eq(products.id, line.productId));
    const [variant] = line.variantId
      ? await db.select().from(productVariants).where(eq(productVariants.id, line.variantId))
      : [];
    const unitPricePaise = variant?.regularPricePaise ?? item!.regularPricePaise;
    lines.push({
      storeId: input.storeId,
      productId: line.productId,
      variantId: line.variantId ?? null,
      productTitle: item!.title,
      sku: variant?.sku ?? item!.sku,
      size: variant?.size ?? null,
      color: variant?.color ?? null,
      unit: item!.unit,
      unitPricePaise,
      quantity: line.quantity,
      lineTotalPaise: Math.round(unitPricePaise * line.quantity),
      position,
    });
  }
  const subtotalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  const [order] = await db
    .insert(orders)
    .values({
      storeId: input.storeId,
      orderNumber: generateOrderNumber(),
      userId: input.userId,
      email: input.email ?? 'asha@example.com',
      status: input.status ?? ORDER_STATUS.pending,
      fullName: 'Asha Verma',
      address: '14 Assi Ghat Road',
      city: 'Varanasi',
      state: 'Uttar Pradesh',
      postalCode: '221005',
      phone: '+91 98390 41736',
      phoneDigits: '9839041736',
      paymentDueAt:
        input.paymentDueAt === undefined ? new Date(Date.now() + 30 * 60_000) : input.paymentDueAt,
      subtotalPaise,
      shippingFeePaise: 0,
      totalPaise: subtotalPaise,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  await db.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: order!.id })));
  await db.insert(orderEvents).values({
    storeId: input.storeId,
    orderId: order!.id,
    fromStatus: null,
    toStatus: ORDER_STATUS.pending,
    cause: 'created',
  });
  if (input.reserve ?? true) {
    for (const line of input.lines) {
      const table = line.variantId ? productVariants : products;
      const id = line.variantId ?? line.productId;
      const taken = await db.execute(sql`
        UPDATE ${table} SET stock = stock - ${line.quantity}
        WHERE id = ${id} AND (stock IS NULL OR stock >= ${line.quantity})
        RETURNING id`);
      if (rowsOf(taken).length === 0) throw new Error(`short stock for ${id}`);
    }
  }
  return { id: order!.id, orderNumber: order!.orderNumber, totalPaise: subtotalPaise };
}

/** The stock of the shop's products and variants now (pieces; the fabric in metres; null = not tracked). */
export async function stockOf(db: Db, shop: TestShop) {
  const productStock = async (id: string) =>
    (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
  const variantStock = async (id: string) =>
    (
      await db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, id))
    )[0]!.stock;
  return {
    saree: await productStock(shop.saree),
    kurtaM: await variantStock(shop.kurtaM),
    kurtaL: await variantStock(shop.kurtaL),
    fabric: await productStock(shop.fabric),
    dupatta: await productStock(shop.dupatta),
  };
}

/** The ids of the lines of order `orderId` (its uuid), in the order's line order. */
export async function orderLineIds(db: Db, orderId: string): Promise<number[]> {
  const rows = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  return rows.map((row) => row.id);
}

/** Records a succeeded UPI payment (UTR 412345678901, confirmed by hand) of the whole of `order` in `storeId`. */
export async function insertUpiPayment(db: Db, storeId: number, order: TestOrder): Promise<void> {
  await db.insert(payments).values({
    storeId,
    orderId: order.id,
    provider: 'upi',
    method: 'manual',
    gatewayId: '412345678901',
    amountPaise: order.totalPaise,
    status: 'succeeded',
  });
}
