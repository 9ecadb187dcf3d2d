/**
 * A store's Shiprocket settings (docs/shipping.md "Setting up Shiprocket"), kept in `shiprocket_accounts`:
 * read with the defaults of a store that set nothing, answered to the owner with the password and the webhook
 * token masked (`••••1234`, src/shared/couriers/shiprocket-schemas.ts), and saved keeping the stored secrets
 * when they are not typed again. Which Shiprocket a booking talks to:
 *
 * - **live**: the account's e-mail and password are set → `SHIPROCKET_API_URL` with them;
 * - **sandbox**: none are set and `NODE_ENV` is not `production` → the built-in TEST MODE sandbox
 *   (./shiprocket-sandbox.ts);
 * - **off**: none are set in production → 'Ship with Shiprocket' is refused (409) and not offered.
 */
import { eq } from 'drizzle-orm';
import {
  maskSecret,
  SHIPROCKET_WEBHOOK_PATH,
  type ShiprocketSettingsInput,
  type ShiprocketSettingsResponse,
} from '@shared/couriers/shiprocket-schemas';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { shiprocketAccounts } from '../../db/schema/courier-tables';
import type { CourierAdapter } from './courier-adapter';
import type { ShiprocketConnection, ShiprocketTokenStore } from './shiprocket-api';
import { shiprocketCourier } from './shiprocket-courier';
import {
  SANDBOX_SHIPROCKET_EMAIL,
  SANDBOX_SHIPROCKET_URL,
  sandboxShiprocketFetch,
} from './shiprocket-sandbox';

export type ShiprocketAccount = typeof shiprocketAccounts.$inferSelect;

/** The settings of a store that set nothing: no account, pickup location 'Primary', a 30 × 25 × 5 cm, 0.5 kg parcel. */
const defaults = (storeId: number): ShiprocketAccount => ({
  storeId,
  email: null,
  password: null,
  pickupLocation: 'Primary',
  lengthCm: 30,
  breadthCm: 25,
  heightCm: 5,
  weightGrams: 500,
  webhookToken: null,
  apiToken: null,
  apiTokenExpiresAt: null,
  updatedAt: new Date(0),
});

/** The Shiprocket account row of `storeId`, or the defaults. */
export async function readShiprocketAccount(db: Db, storeId: number): Promise<ShiprocketAccount> {
  const [row] = await db.select().from(shiprocketAccounts).where(eq(shiprocketAccounts.storeId, storeId));
  return row ?? defaults(storeId);
}

export type ShiprocketMode = 'live' | 'sandbox' | 'off';

/** Which Shiprocket the store's bookings talk to (see the module comment). */
export function shiprocketMode(
  account: ShiprocketAccount,
  config: Pick<AppConfig, 'NODE_ENV'>,
): ShiprocketMode {
  if (account.email && account.password) return 'live';
  return config.NODE_ENV === 'production' ? 'off' : 'sandbox';
}

/** The settings as the owner sees them: secrets masked, sizes in cm, weight in kg. */
export function shiprocketSettingsView(
  account: ShiprocketAccount,
  config: Pick<AppConfig, 'NODE_ENV'>,
): ShiprocketSettingsResponse {
  const mode = shiprocketMode(account, config);
  return {
    email: account.email,
    password: maskSecret(account.password),
    pickupLocation: account.pickupLocation,
    lengthCm: account.lengthCm,
    breadthCm: account.breadthCm,
    heightCm: account.heightCm,
    weightKg: account.weightGrams / 1000,
    webhookToken: maskSecret(account.webhookToken),
    testMode: mode === 'sandbox',
    available: mode !== 'off',
    webhookPath: SHIPROCKET_WEBHOOK_PATH,
  };
}

/**
 * Saves `input` for `storeId` (call it in the transaction that audits the change): an empty e-mail removes
 * the account (e-mail and password); an omitted or empty password or webhook token keeps the stored one; a
 * changed e-mail or password drops the kept API token, so the next booking signs in with the new ones.
 * @returns the saved row.
 */
export async function saveShiprocketSettings(
  tx: Db,
  storeId: number,
  input: ShiprocketSettingsInput,
): Promise<ShiprocketAccount> {
  const before = await readShiprocketAccount(tx, storeId);
  const email = input.email || null;
  const password = email ? input.password || before.password : null;
  const credentialsChanged = email !== before.email || password !== before.password;
  const values = {
    storeId,
    email,
    password,
    pickupLocation: input.pickupLocation,
    lengthCm: input.lengthCm,
    breadthCm: input.breadthCm,
    heightCm: input.heightCm,
    weightGrams: Math.round(input.weightKg * 1000),
    webhookToken: input.webhookToken || before.webhookToken,
    apiToken: credentialsChanged ? null : before.apiToken,
    apiTokenExpiresAt: credentialsChanged ? null : before.apiTokenExpiresAt,
    updatedAt: new Date(),
  };
  const [saved] = await tx
    .insert(shiprocketAccounts)
    .values(values)
    .onConflictDoUpdate({ target: shiprocketAccounts.storeId, set: values })
    .returning();
  return saved!;
}

/** The kept API token of `storeId`, in its `shiprocket_accounts` row. */
function tokenStore(db: Db, storeId: number): ShiprocketTokenStore {
  const where = eq(shiprocketAccounts.storeId, storeId);
  return {
    async read() {
      const [row] = await db
        .select({ token: shiprocketAccounts.apiToken, expiresAt: shiprocketAccounts.apiTokenExpiresAt })
        .from(shiprocketAccounts)
        .where(where);
      return row?.token && row.expiresAt ? { token: row.token, expiresAt: row.expiresAt } : null;
    },
    async write(token, expiresAt) {
      await db.update(shiprocketAccounts).set({ apiToken: token, apiTokenExpiresAt: expiresAt }).where(where);
    },
    async clear() {
      await db.update(shiprocketAccounts).set({ apiToken: null, apiTokenExpiresAt: null }).where(where);
    },
  };
}

/**
 * The Shiprocket adapter of the store's account (`live`), of the TEST MODE sandbox (`sandbox`), or null when
 * Shiprocket is off. The sandbox keeps no token (it hands out a fixed test one).
 */
export function shiprocketAdapterFor(
  db: Db,
  account: ShiprocketAccount,
  config: Pick<AppConfig, 'NODE_ENV' | 'SHIPROCKET_API_URL'>,
): CourierAdapter | null {
  const mode = shiprocketMode(account, config);
  if (mode === 'off') return null;
  if (mode === 'sandbox') {
    let kept: { token: string; expiresAt: Date } | null = null;
    const connection: ShiprocketConnection = {
      apiUrl: SANDBOX_SHIPROCKET_URL,
      fetch: sandboxShiprocketFetch,
      email: SANDBOX_SHIPROCKET_EMAIL,
      password: 'TEST MODE',
      tokens: {
        read: async () => kept,
        write: async (token, expiresAt) => {
          kept = { token, expiresAt };
        },
        clear: async () => {
          kept = null;
        },
      },
    };
    return shiprocketCourier(connection, 'shiprocket-sandbox');
  }
  return shiprocketCourier(
    {
      apiUrl: config.SHIPROCKET_API_URL,
      fetch: (url, init) => fetch(url, init),
      email: account.email!,
      password: account.password!,
      tokens: tokenStore(db, account.storeId),
    },
    'shiprocket',
  );
}
