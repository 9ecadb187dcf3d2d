/**
 * The message layer's three channel adapters, built from the settings (docs/messages.md "Channels and
 * providers"): WhatsApp and SMS live when their keys are set (else kept as files), e-mail through the mail
 * outbox whose writing function the app hands in.
 */
import type { AppConfig } from '../../config';
import type { ChannelAdapter } from './channels/channel-adapter';
import { emailChannel, type QueueMail } from './channels/email-channel';
import { msg91FlowChannel } from './channels/msg91-flow-channel';
import { whatsappCloudChannel } from './channels/whatsapp-cloud-channel';

/** The adapters of WhatsApp, SMS and e-mail; `onMailQueued` runs after a mail was written (wake its sender). */
export function messageChannels(
  config: Pick<
    AppConfig,
    'WHATSAPP_API_URL' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_TOKEN' | 'MSG91_API_URL' | 'MSG91_AUTH_KEY'
  >,
  queueMail: QueueMail,
  onMailQueued: () => void,
): ChannelAdapter[] {
  return [whatsappCloudChannel(config), msg91FlowChannel(config), emailChannel(queueMail, onMailQueued)];
}
