/**
 * A guest's typed measurements kept at sign-up and saved as profiles at the first sign-in: which cart add-ons
 * count (typed measurements with their set, each set of values once), and what the sign-in does with them
 * (POSTs each, points the cart's add-ons at the saved profile, forgets the list; a refused save keeps the cart
 * as it was). The browser's storage is a Map and the API answers through the client's transport hook.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeasurementsInput } from '@shared/add-ons/add-on-schemas';
import { setApiSession, setApiTransport, type ApiTransport } from '@client/lib/api-client';
import { readAuthToken } from '@client/lib/auth-cookie';
import { CART_ADD_ONS_KEY, lineAddOns, setLineAddOns, type CartAddOn } from './cart-add-ons';
import {
  keepForNewAccount,
  PENDING_MEASUREMENTS_KEY,
  savePendingMeasurements,
  typedMeasurements,
} from './guest-measurements';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, String(value)),
    removeItem: (key: string) => void values.delete(key),
  };
}

const BLOUSE: MeasurementsInput = { unit: 'in', values: { bust: 36, waist: 32 } };
const blouse = (measurements: MeasurementsInput = BLOUSE): CartAddOn => ({
  request: { code: 'blouse-stitching', measurements },
  title: 'Blouse stitching',
  price: 1200,
  leadDays: 7,
  measurementSet: 'blouse',
});
const fallPico: CartAddOn = { request: { code: 'fall-pico' }, title: 'Fall & pico', price: 150, leadDays: 2 };

describe("a guest's measurements saved at sign-up", () => {
  let storage: ReturnType<typeof memoryStorage>;
  let posted: unknown[];
  let answer: (body: unknown) => Response;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    posted = [];
    answer = (body) =>
      Response.json(
        { id: 40 + posted.length, ...(body as object), measurements: {}, updatedAt: '2026-11-27T10:00:00Z' },
        { status: 201 },
      );
    const transport: ApiTransport = async (url, init) => {
      expect(url).toContain('/account/measurements');
      const body = JSON.parse(String(init?.body)) as unknown;
      posted.push(body);
      return answer(body);
    };
    setApiTransport(transport);
    setApiSession({ token: () => 'token', signedOut: () => undefined });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // The test workers share modules between files: the client's transport and session go back.
    setApiTransport((url, init) => fetch(url, init));
    setApiSession({ token: readAuthToken, signedOut: () => undefined });
  });

  it('finds the typed measurements once each, named Mine, Mine 2, …; profiles and sizes do not count', () => {
    expect(typedMeasurements()).toEqual([]);
    setLineAddOns('saree-1', [blouse(), fallPico]);
    setLineAddOns('saree-2', [{ ...blouse(), title: 'Blouse stitching (lined)' }]);
    setLineAddOns('saree-3', [blouse({ unit: 'cm', values: { bust: 91 } })]);
    setLineAddOns('saree-4', [
      { ...blouse(), request: { code: 'blouse-stitching', measurementProfileId: 3 } },
      { ...blouse(), request: { code: 'blouse-stitching', standardSize: 36 } },
    ]);
    // Stored by an older page, without the set: not offered.
    setLineAddOns('saree-5', [
      { ...blouse({ unit: 'in', values: { bust: 40 } }), measurementSet: undefined },
    ]);
    expect(typedMeasurements()).toEqual([
      {
        name: 'Mine',
        set: 'blouse',
        measurements: BLOUSE,
        titles: ['Blouse stitching', 'Blouse stitching (lined)'],
      },
      {
        name: 'Mine 2',
        set: 'blouse',
        measurements: { unit: 'cm', values: { bust: 91 } },
        titles: ['Blouse stitching'],
      },
    ]);
  });

  it('saves the kept measurements at sign-in and points the cart at the saved profile', async () => {
    setLineAddOns('saree-1', [blouse(), fallPico]);
    expect(await savePendingMeasurements()).toEqual([]);
    keepForNewAccount(typedMeasurements());
    expect(await savePendingMeasurements()).toEqual(['Mine']);
    expect(posted).toEqual([{ name: 'Mine', set: 'blouse', measurements: BLOUSE }]);
    expect(lineAddOns('saree-1').map((addOn) => addOn.request)).toEqual([
      { code: 'blouse-stitching', measurementProfileId: 41 },
      { code: 'fall-pico' },
    ]);
    expect(storage.getItem(PENDING_MEASUREMENTS_KEY)).toBeNull();
    // Once only.
    expect(await savePendingMeasurements()).toEqual([]);
    expect(posted).toHaveLength(1);
  });

  it('keeps the typed measurements in the cart when the save is refused, and forgets the list', async () => {
    setLineAddOns('saree-1', [blouse()]);
    keepForNewAccount(typedMeasurements());
    answer = () =>
      Response.json(
        { error: 'You can keep up to 10 measurement profiles. Please delete one first.' },
        { status: 409 },
      );
    expect(await savePendingMeasurements()).toEqual([]);
    expect(lineAddOns('saree-1')[0]!.request).toEqual({ code: 'blouse-stitching', measurements: BLOUSE });
    expect(storage.getItem(PENDING_MEASUREMENTS_KEY)).toBeNull();
    expect(storage.getItem(CART_ADD_ONS_KEY)).not.toBeNull();
  });
});
