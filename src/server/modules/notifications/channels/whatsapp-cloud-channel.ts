/**
 * WhatsApp by Meta's WhatsApp Cloud API (docs/messages.md "Channels and providers"; Meta's docs "Send
 * messages", "Template messages"): `POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages` with
 * `Authorization: Bearer {WHATSAPP_TOKEN}` and a `template` message — the template Meta approved under the
 * store's name for it, language `en`, the body parameters {{1}}, {{2}}, … being the message's variables in
 * the order the store's text names them. The COD confirmation adds its Confirm and Cancel quick-reply buttons.
 * The answer's `messages[0].id` (`wamid.…`) is kept to match the status events of the webhook.
 */
import type { ChannelAdapter, SendOutcome } from './channel-adapter';
import { isOutcome, postJson, refusedOutcome } from './provider-http';
import { variableNamesOf } from '@shared/notifications/message-template-rules';
import type { MessageVariables } from '@shared/notifications/message-templates';

export type WhatsappSettings = {
  WHATSAPP_API_URL: string;
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_TOKEN?: string | undefined;
};

/** The language code the templates are sent in (the texts are English). */
export const WHATSAPP_TEMPLATE_LANGUAGE = 'en';

/** The prefixes of the COD confirmation's button payloads (`cod-confirm:<token>`, `cod-cancel:<token>`). */
export const COD_CONFIRM_PAYLOAD = 'cod-confirm:';
export const COD_CANCEL_PAYLOAD = 'cod-cancel:';

/** A template component of the Cloud API's send request. */
type TemplateComponent = Record<string, unknown>;

/**
 * The body parameters of a template: each variable `text` names, in order of first appearance (Meta refuses
 * an empty parameter, so an empty value is sent as '-').
 */
export function bodyParameters(text: string, variables: MessageVariables): { type: 'text'; text: string }[] {
  return variableNamesOf(text).map((name) => ({ type: 'text', text: variables[name]?.trim() || '-' }));
}

/** The Cloud API's request body for a template message to `to` (E.164). */
export function whatsappTemplateRequest(input: {
  to: string;
  templateName: string;
  template: string;
  text: string;
  variables: MessageVariables;
}): Record<string, unknown> {
  const components: TemplateComponent[] = [];
  const parameters = bodyParameters(input.text, input.variables);
  if (parameters.length > 0) components.push({ type: 'body', parameters });
  if (input.template === 'cod-confirmation') {
    const token = input.variables['confirmToken'] ?? '';
    [COD_CONFIRM_PAYLOAD, COD_CANCEL_PAYLOAD].forEach((prefix, index) =>
      components.push({
        type: 'button',
        sub_type: 'quick_reply',
        index: String(index),
        parameters: [{ type: 'payload', payload: `${prefix}${token}` }],
      }),
    );
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: input.to.replace(/^\+/, ''),
    type: 'template',
    template: { name: input.templateName, language: { code: WHATSAPP_TEMPLATE_LANGUAGE }, components },
  };
}

/** Meta's error body `{ error: { message, code, error_data: { details } } }` as one reason. */
function metaReason(body: unknown): string | null {
  const error = (
    body as { error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } } }
  )?.error;
  if (!error || typeof error.message !== 'string') return null;
  const code = typeof error.code === 'number' ? ` (code ${error.code})` : '';
  const details = typeof error.error_data?.details === 'string' ? `: ${error.error_data.details}` : '';
  return `${error.message}${code}${details}`;
}

/** The WhatsApp adapter; live when the phone number id and the token are set. */
export function whatsappCloudChannel(
  settings: WhatsappSettings,
  options: { timeoutMs?: number } = {},
): ChannelAdapter {
  const {
    WHATSAPP_API_URL: apiUrl,
    WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
    WHATSAPP_TOKEN: token,
  } = settings;
  return {
    channel: 'whatsapp',
    live: Boolean(phoneNumberId && token),
    async send(_db, message, template): Promise<SendOutcome> {
      const answer = await postJson(
        `${apiUrl}/${phoneNumberId}/messages`,
        { authorization: `Bearer ${token}` },
        whatsappTemplateRequest({
          to: message.recipient,
          templateName: template.whatsappTemplateName,
          template: message.template,
          text: template.text,
          variables: message.variables,
        }),
        'WhatsApp',
        options.timeoutMs,
      );
      if (isOutcome(answer)) return answer;
      if (answer.status < 200 || answer.status > 299) {
        return refusedOutcome('WhatsApp', answer.status, metaReason(answer.body));
      }
      const id = (answer.body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
      return typeof id === 'string'
        ? { kind: 'sent', providerMessageId: id }
        : { kind: 'retry', reason: 'WhatsApp answered without a message id' };
    },
  };
}
