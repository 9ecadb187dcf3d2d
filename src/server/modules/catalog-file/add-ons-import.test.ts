/**
 * The catalogue file's add-ons (docs/catalog-format.md "Add-ons"): `store.addOns` and a product's `addOns`,
 * accepted, and refused with the place and the exact text of each problem.
 */
import { describe, expect, it } from 'vitest';
import { ADD_ON_TEST_ADD_ONS, addOnTestCatalog } from '../../test/add-on-test-catalog';
import { parseCatalogFile } from './import-schema';

describe('the catalogue file with add-ons', () => {
  it('accepts store.addOns and product addOns, and names each bad field', () => {
    expect(parseCatalogFile(addOnTestCatalog()).ok).toBe(true);
    const bad = addOnTestCatalog();
    bad.store.addOns = [
      { ...ADD_ON_TEST_ADD_ONS[0]!, price: 0, measurementSet: 'lehenga', sac: '6211' },
      { ...ADD_ON_TEST_ADD_ONS[0]!, gstRate: 7 },
    ];
    const parsed = parseCatalogFile(bad);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems).toEqual([
      'store.addOns[0].price: must be above 0',
      'store.addOns[0].measurementSet: must be one of none, blouse, salwar-kameez, kurta',
      'store.addOns[0].sac: must be a SAC of 6 digits starting with 99',
      'store.addOns[1].gstRate: must be one of 0, 3, 5, 18, 40',
    ]);
    const twice = addOnTestCatalog();
    twice.store.addOns = [ADD_ON_TEST_ADD_ONS[0]!, ADD_ON_TEST_ADD_ONS[0]!];
    const again = parseCatalogFile(twice);
    expect(!again.ok && again.problems).toEqual(['store.addOns[1].code: repeats the code of addOns[0]']);
    const unknown = addOnTestCatalog();
    unknown.products[0] = { ...unknown.products[0]!, addOns: ['hemming'] };
    const named = parseCatalogFile(unknown);
    expect(!named.ok && named.problems).toEqual([
      'products[0].addOns[0]: is not one of store.addOns (blouse-stitching, fall-pico, salwar-suit-stitching)',
    ]);
  });
});
