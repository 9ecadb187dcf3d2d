/**
 * The settings of the message providers (docs/messages.md "Channels and providers"), parsed with the rest of
 * the configuration (./config.ts). Every key and token here is a secret: never logged, never answered.
 * Without WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN, WhatsApp messages are kept, not sent; without
 * MSG91_AUTH_KEY, SMS are kept (test mode: `DATA_DIR/outbox/messages/`).
 */
import { z } from 'zod';

/** An http(s) address without query or fragment, its trailing slashes removed. */
const providerUrl = (example: string) =>
  z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, `must be an http(s) URL such as ${example}`)
    .transform((value) => value.replace(/\/+$/, ''));

/** A secret of 8–512 characters without spaces. */
const secret = (what: string) =>
  z.string().regex(/^\S{8,512}$/, `must be the ${what} (8 to 512 characters, no spaces)`);

/** The message providers' settings, spread into the configuration schema. */
export const messageSettingsShape = {
  /** Meta's Graph API with its version (WhatsApp Cloud API); tests point it at a local stand-in. */
  WHATSAPP_API_URL: providerUrl('https://graph.facebook.com/v21.0').default(
    'https://graph.facebook.com/v21.0',
  ),
  /** The id of the shop's WhatsApp Business phone number (Meta: WhatsApp → API Setup → Phone number ID). */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,32}$/, 'must be the phone number ID from Meta (digits)')
    .optional(),
  /** A permanent access token of a system user with `whatsapp_business_messaging` (sent as a bearer token). */
  WHATSAPP_TOKEN: secret('access token from Meta').optional(),
  /** The verify token typed in when adding the webhook in Meta's app dashboard. */
  WHATSAPP_VERIFY_TOKEN: secret('verify token typed in at Meta').optional(),
  /** The Meta app's secret: it signs each webhook event (`X-Hub-Signature-256`); unset → events are refused. */
  WHATSAPP_APP_SECRET: secret('app secret from Meta').optional(),
  /** MSG91's auth key (MSG91 → Authkey), sent as the `authkey` header. */
  MSG91_AUTH_KEY: secret('auth key from MSG91').optional(),
  /** MSG91's API (`/api/v5/flow/`); tests point it at a local stand-in. */
  MSG91_API_URL: providerUrl('https://control.msg91.com').default('https://control.msg91.com'),
};

/** The issues of the message settings that only hold together (added by the configuration's refinement). */
export function messageSettingsIssues(config: {
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_TOKEN?: string | undefined;
}): { path: string; message: string }[] {
  if (Boolean(config.WHATSAPP_PHONE_NUMBER_ID) === Boolean(config.WHATSAPP_TOKEN)) return [];
  return [
    {
      path: config.WHATSAPP_TOKEN ? 'WHATSAPP_PHONE_NUMBER_ID' : 'WHATSAPP_TOKEN',
      message: 'WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN must be set together',
    },
  ];
}
