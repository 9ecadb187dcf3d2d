/**
 * SMS by MSG91's Flow API (docs/messages.md "Channels and providers"; MSG91's docs "Send SMS" (Flow)):
 * `POST {MSG91_API_URL}/api/v5/flow/` with the `authkey` header and `{ template_id, short_url: '0',
 * recipients: [{ mobiles: '91XXXXXXXXXX', …variables }] }`, where `template_id` is the store's MSG91 template
 * id for the message (mapped at MSG91 to its DLT template) and the variables are passed by their own names
 * (`##orderNumber##` in the MSG91 template). MSG91 answers `{ type: 'success', message: <request id> }`, or
 * `{ type: 'error', message }` (sometimes with a 200).
 */
import type { ChannelAdapter, SendOutcome } from './channel-adapter';
import { isOutcome, postJson, refusedOutcome, shortReason } from './provider-http';

export type Msg91Settings = { MSG91_API_URL: string; MSG91_AUTH_KEY?: string | undefined };

/** MSG91's body `{ type, message }`. */
type Msg91Answer = { type?: unknown; message?: unknown } | null;

/** The Flow API request for one SMS to `to` (E.164 Indian mobile). */
export function msg91FlowRequest(input: {
  templateId: string;
  to: string;
  variables: Record<string, string>;
}): Record<string, unknown> {
  return {
    template_id: input.templateId,
    short_url: '0',
    recipients: [{ ...input.variables, mobiles: input.to.replace(/^\+/, '') }],
  };
}

/** The MSG91 adapter; live when the auth key is set. */
export function msg91FlowChannel(settings: Msg91Settings): ChannelAdapter {
  const { MSG91_API_URL: apiUrl, MSG91_AUTH_KEY: authKey } = settings;
  return {
    channel: 'sms',
    live: Boolean(authKey),
    async send(_db, message, template): Promise<SendOutcome> {
      if (!template.msg91TemplateId) {
        return {
          kind: 'failed',
          reason: `No MSG91 template id is set for ${message.template} (Messages → Templates)`,
        };
      }
      const answer = await postJson(
        `${apiUrl}/api/v5/flow/`,
        { authkey: authKey ?? '' },
        msg91FlowRequest({
          templateId: template.msg91TemplateId,
          to: message.recipient,
          variables: message.variables,
        }),
        'MSG91',
      );
      if (isOutcome(answer)) return answer;
      const body = answer.body as Msg91Answer;
      const reason = typeof body?.message === 'string' ? body.message : null;
      if (answer.status < 200 || answer.status > 299) return refusedOutcome('MSG91', answer.status, reason);
      if (body?.type === 'success' && reason) return { kind: 'sent', providerMessageId: reason };
      return {
        kind: 'failed',
        reason: shortReason(`MSG91 refused the message${reason ? `: ${reason}` : ''}`),
      };
    },
  };
}
