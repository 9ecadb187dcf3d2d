import { ConflictError } from '../../../errors';

/**
 * 409: the gateway refused what the shop asked of it (Razorpay's `BAD_REQUEST_ERROR` when opening its order,
 * for example keys it does not know). The message carries the gateway's own description, so the shopper and
 * the owner read what the gateway said; nothing changed in the shop.
 */
export class GatewayRefusedError extends ConflictError {
  constructor(gatewayName: string, description: string) {
    super(`${gatewayName} refused the payment: ${description}`);
    this.name = 'GatewayRefusedError';
  }
}
