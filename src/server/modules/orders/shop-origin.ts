/**
 * The shop's public origin for links in order e-mails (the payment page): `PUBLIC_URL`, else the origin the
 * customer's request came to — the same origin the payment gateway's return addresses use
 * (../payments/public-origin.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { baseUrlOf } from '../payments/public-origin';
import { paymentSettings } from '../payments/settings';

/** The origin (`https://shop.example.com`, no trailing slash) that links in the e-mails of `request`'s order use. */
export function orderLinkOrigin(request: FastifyRequest, config: AppConfig): string {
  return baseUrlOf(request, paymentSettings(config));
}
