/**
 * What placing an order reads of its store beside the order itself, kept in process
 * (docs/decisions/037-order-store-cache.md): the order-message settings (`stores.order_message_settings`), the
 * texts of the message templates the shop changed (`message_templates`), and the store's active webhook
 * endpoints with the events each receives (`webhook_endpoints`). All three are written only by the owner's
 * screens, and every one of those writes announces itself in its transaction (`announceQuoteChange`,
 * ../stores/quote-change.ts: in this process at once, to other servers on PostgreSQL by NOTIFY on commit).
 *
 * A store's facts are used only while the store's change mark and the response cache's write count are what
 * they were when the read started, and never while the response cache is bypassed (a server on PostgreSQL
 * that cannot hear changes). They are read inside the order's transaction: on the embedded database nothing
 * else runs while it is open, so a write committed before it is always seen. Misses are not shared between
 * callers: each reads with its own transaction (sharing a read running on another connection could wait on
 * this very transaction on the embedded database).
 */
import { sql } from 'drizzle-orm';
import { MESSAGE_TEMPLATE_CODES, type MessageTemplateCode } from '@shared/notifications/message-templates';
import {
  orderMessageSettingsOf,
  type OrderMessageSettings,
} from '@shared/notifications/order-message-settings';
import type { WebhookEventType } from '@shared/webhooks/webhook-schemas';
import { rowsOf, type Db } from '../../db/database';
import type { ReceivingEndpoint } from '../webhooks/webhook-outbox';
import { quoteChangeMark } from '../stores/quote-change';

/** What an order's messages and webhook events need of their store. */
export type OrderStoreFacts = {
  /** The owner's order-message settings, defaults filled in. */
  messageSettings: OrderMessageSettings;
  /** The store's own text of each message template it changed (the others use the default text). */
  templateTexts: ReadonlyMap<MessageTemplateCode, string>;
  /** The active webhook endpoints of the store, by id, with the events each receives. */
  endpoints: readonly ReceivingEndpoint[];
};

/** What the cache follows: the response cache's write count and its bypass. */
export type OrderStoreCacheOwner = { readonly writes: number; readonly isBypassed: boolean };

type Entry = { mark: number; writes: number; facts: OrderStoreFacts };

/** Reads the {@link OrderStoreFacts} of `storeId` in one statement (no cache). */
export async function loadOrderStoreFacts(db: Db, storeId: number): Promise<OrderStoreFacts> {
  const [row] = rowsOf<{ settings: unknown; templates: unknown; endpoints: unknown }>(
    await db.execute(sql`SELECT
      (SELECT order_message_settings FROM stores WHERE id = ${storeId}) AS settings,
      (SELECT coalesce(json_agg(json_build_object('template', template, 'text', text)), '[]'::json)
        FROM message_templates WHERE store_id = ${storeId} AND text IS NOT NULL) AS templates,
      (SELECT coalesce(json_agg(json_build_object('id', id, 'events', events) ORDER BY id), '[]'::json)
        FROM webhook_endpoints WHERE store_id = ${storeId} AND active) AS endpoints`),
  );
  const templates = (row?.templates ?? []) as { template: string; text: string }[];
  const codes = new Set<string>(MESSAGE_TEMPLATE_CODES);
  return {
    messageSettings: orderMessageSettingsOf(row?.settings as never),
    templateTexts: new Map(
      templates
        .filter((template) => codes.has(template.template))
        .map((template) => [template.template as MessageTemplateCode, template.text]),
    ),
    endpoints: ((row?.endpoints ?? []) as { id: number; events: WebhookEventType[] }[]).map((endpoint) => ({
      id: Number(endpoint.id),
      events: endpoint.events,
    })),
  };
}

/** The {@link OrderStoreFacts} of each store, each used only while still true (see the file's note). */
export class OrderStoreCache {
  private readonly stores = new Map<number, Entry>();

  /**
   * @param owner the response cache (its writes forget everything; its bypass bypasses this cache too)
   * @param maxStores the most stores kept; the oldest go first
   */
  constructor(
    private readonly owner: OrderStoreCacheOwner,
    private readonly maxStores = 1_000,
  ) {}

  /** The facts of `storeId` as the database holds them; `tx`: the order's transaction, read on a miss. */
  async facts(tx: Db, storeId: number): Promise<OrderStoreFacts> {
    const entry = this.stores.get(storeId);
    if (entry !== undefined && this.holds(storeId, entry)) return entry.facts;
    const started = { mark: quoteChangeMark(storeId), writes: this.owner.writes };
    const facts = await loadOrderStoreFacts(tx, storeId);
    if (this.holds(storeId, started)) {
      this.stores.delete(storeId);
      if (this.stores.size >= this.maxStores) {
        const oldest = this.stores.keys().next().value;
        if (oldest !== undefined) this.stores.delete(oldest);
      }
      this.stores.set(storeId, { ...started, facts });
    }
    return facts;
  }

  /** True while nothing was announced for `storeId` and no catalogue write happened since `read` started. */
  private holds(storeId: number, read: { mark: number; writes: number }): boolean {
    return (
      !this.owner.isBypassed && read.mark === quoteChangeMark(storeId) && read.writes === this.owner.writes
    );
  }
}
