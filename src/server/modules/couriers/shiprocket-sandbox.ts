/**
 * The built-in TEST MODE Shiprocket (docs/shipping.md "Test mode"): while a store has no Shiprocket account set
 * and the shop is not in production, 'Ship with Shiprocket' talks to this in-process stand-in instead of
 * Shiprocket. It answers the five calls of a booking, the label file, tracking and cancel in Shiprocket's
 * documented shapes (apidocs.shiprocket.in), so the whole path runs as it will live; nothing is shipped. Its
 * ids are derived from our order number (a retry gets the same ones), its AWBs start with `SRTEST`, its
 * courier is named {@link SANDBOX_COURIER_NAME} (no real courier's tracking page is ever linked), its label
 * is a one-page PDF marked TEST MODE.
 */
import { createHash } from 'node:crypto';
import type { ShiprocketFetch } from './shiprocket-api';

/** The sandbox's API address (never resolved: the sandbox's fetch answers in process). */
export const SANDBOX_SHIPROCKET_URL = 'https://shiprocket-sandbox.invalid';
export const SANDBOX_SHIPROCKET_EMAIL = 'sandbox@shiprocket-sandbox.invalid';
export const SANDBOX_COURIER_NAME = 'Shiprocket sandbox (TEST MODE)';
const SANDBOX_TOKEN = 'shiprocket-sandbox-token-TEST-MODE';

/** A number of 9 digits from `text` (the same text, the same number). */
function idOf(text: string): number {
  return 100_000_000 + (createHash('sha256').update(text).digest().readUInt32BE(0) % 900_000_000);
}

/**
 * The sandbox's label: one A6 page saying TEST MODE, with the AWB. PDFKit (about 27 MB resident) is loaded
 * with the first label, not at start, as the tax invoices load it.
 */
async function sandboxLabel(awb: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A6', margin: 24, info: { Title: `Label ${awb} (TEST MODE)` } });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.fontSize(16).text('TEST MODE shipping label');
    document.moveDown().fontSize(12).text(`AWB ${awb}`);
    document.text(SANDBOX_COURIER_NAME);
    document.moveDown().text('Not a real label: nothing was booked with a courier.');
    document.end();
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The sandbox's `fetch`: Shiprocket's answers to the shop's calls, in process. */
export const sandboxShiprocketFetch: ShiprocketFetch = async (url, init) => {
  const { pathname } = new URL(url);
  const label = /^\/labels\/(SRTEST\d+)\.pdf$/.exec(pathname);
  if (label) {
    return new Response(new Uint8Array(await sandboxLabel(label[1]!)), {
      status: 200,
      headers: { 'content-type': 'application/pdf' },
    });
  }
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
  if (pathname === '/v1/external/auth/login') {
    return json(200, {
      id: 1,
      first_name: 'Sandbox',
      last_name: 'TEST MODE',
      email: body.email,
      token: SANDBOX_TOKEN,
    });
  }
  if (new Headers(init.headers).get('authorization') !== `Bearer ${SANDBOX_TOKEN}`) {
    return json(401, { message: 'Token has expired', status_code: 401 });
  }
  const shipment = (value: unknown) => Number(Array.isArray(value) ? value[0] : value);
  switch (pathname) {
    case '/v1/external/orders/create/adhoc': {
      const orderNumber = String(body.order_id ?? '');
      return json(200, {
        order_id: idOf(`order:${orderNumber}`),
        shipment_id: idOf(`shipment:${orderNumber}`),
        status: 'NEW',
        status_code: 1,
        onboarding_completed_now: 0,
        awb_code: '',
        courier_company_id: '',
        courier_name: '',
      });
    }
    case '/v1/external/courier/assign/awb': {
      const shipmentId = shipment(body.shipment_id);
      return json(200, {
        awb_assign_status: 1,
        response: {
          data: {
            courier_company_id: 1,
            awb_code: `SRTEST${shipmentId}`,
            courier_name: SANDBOX_COURIER_NAME,
            shipment_id: shipmentId,
            assigned_date_time: { date: new Date().toISOString() },
          },
        },
      });
    }
    case '/v1/external/courier/generate/pickup':
      return json(200, {
        pickup_status: 1,
        response: {
          pickup_scheduled_date: new Date().toISOString(),
          pickup_token_number: 'Reference No: TEST',
          status: 3,
        },
      });
    case '/v1/external/courier/generate/label': {
      const shipmentId = shipment(body.shipment_id);
      return json(200, {
        label_created: 1,
        label_url: `${SANDBOX_SHIPROCKET_URL}/labels/SRTEST${shipmentId}.pdf`,
        response: 'Label has been created and uploaded successfully!',
        not_created: [],
      });
    }
    case '/v1/external/orders/cancel':
      return json(200, { status: 200, message: 'Order cancelled successfully.' });
    default: {
      const track = /^\/v1\/external\/courier\/track\/awb\/(.+)$/.exec(pathname);
      if (track) {
        return json(200, {
          tracking_data: {
            track_status: 1,
            shipment_status: 6,
            shipment_track: [{ awb_code: track[1], current_status: 'Shipped' }],
          },
        });
      }
      return json(404, { message: 'Not found', status_code: 404 });
    }
  }
};
