/**
 * Applying a verified WhatsApp event to the store (docs/messages.md "Channels and providers"): status events
 * move the sent message (matched by its `wamid`), a 'STOP' reply opts the number out, and the COD
 * confirmation's quick-reply buttons (`cod-confirm:<token>`, `cod-cancel:<token>`) answer the order. Anything
 * else — other texts, unknown payloads, a used or expired token — is ignored.
 */
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { WhatsappEvent, WhatsappWebhookResponse } from '@shared/whatsapp/whatsapp-webhook-schemas';
import { applyProviderStatus, type ProviderStatus } from '../notifications/message-status-events';
import { e164IndianMobile, recordOptOut } from '../notifications/phone-consent';
import { answerCodConfirmation, type CodAnswer } from '../orders/cod-confirmation';

const PROVIDER_STATUSES: readonly string[] = ['sent', 'delivered', 'read', 'failed'];

/** The COD answer a button payload carries, or null for any other payload. */
export function codAnswerOf(payload: string): { answer: CodAnswer; token: string } | null {
  const match = /^cod-(confirm|cancel):([A-Za-z0-9_-]{1,128})$/.exec(payload);
  if (!match) return null;
  return { answer: match[1] === 'confirm' ? 'confirm' : 'cancel', token: match[2]! };
}

/** Applies `event` to store `storeId` at `now`; answers what changed. */
export async function applyWhatsappEvent(
  db: Db,
  storeId: number,
  event: WhatsappEvent,
  now: Date,
): Promise<Omit<WhatsappWebhookResponse, 'received'>> {
  const result = { statuses: 0, optOuts: 0, codAnswers: 0 };
  for (const change of (event.entry ?? []).flatMap((entry) => entry.changes ?? [])) {
    for (const status of change.value?.statuses ?? []) {
      if (!PROVIDER_STATUSES.includes(status.status)) continue;
      const reason = status.errors?.[0]
        ? `WhatsApp reported: ${status.errors[0].title ?? 'failed'}${status.errors[0].code ? ` (code ${status.errors[0].code})` : ''}`
        : null;
      const moved = await applyProviderStatus(db, {
        storeId,
        channel: 'whatsapp',
        providerMessageId: status.id,
        status: status.status as ProviderStatus,
        reason,
      });
      if (moved) result.statuses++;
    }
    for (const message of change.value?.messages ?? []) {
      const phone = e164IndianMobile(message.from);
      if (message.type === 'text' && message.text?.body.trim().toLowerCase() === 'stop') {
        if (phone) {
          await recordOptOut(db, storeId, phone, now);
          result.optOuts++;
        }
        continue;
      }
      const payload = message.button?.payload ?? message.interactive?.button_reply?.id;
      const cod = payload ? codAnswerOf(payload) : null;
      if (!cod) continue;
      try {
        await answerCodConfirmation(db, { storeId, token: cod.token, answer: cod.answer, now });
        result.codAnswers++;
      } catch (error) {
        // A used, expired or unknown token: the shopper tapped an old button; nothing changes.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
      }
    }
  }
  return result;
}
