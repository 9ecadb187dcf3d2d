import { describe, expect, it } from 'vitest';
import {
  cardCartSelection,
  CHOOSE_LENGTH_DESCRIPTION,
  CHOOSE_LENGTH_TITLE,
  onlyOption,
  SELECT_COLOUR_DESCRIPTION,
  SELECT_COLOUR_TITLE,
  SELECT_SIZE_DESCRIPTION,
  SELECT_SIZE_TITLE,
} from './product-card-selection';

const base = {
  id: 'p1',
  name: 'Indigo khadi kurta',
  image: '/media/demo/men-kurta-indigo-khadi.svg',
  price: 2499,
  unit: 'piece' as const,
};

/** The storefront's cart line fields the card copies from the product. */
const item = { id: base.id, name: base.name, image: base.image, price: base.price };

describe('onlyOption', () => {
  it('returns the single option only', () => {
    expect(onlyOption([])).toBeNull();
    expect(onlyOption(['One Size'])).toBe('One Size');
    expect(onlyOption(['S', 'M'])).toBeNull();
  });
});

describe('cardCartSelection (docs/product.md §2 "Product card", §5)', () => {
  it('adds quantity 1 with nothing preselected when there are no options', () => {
    expect(cardCartSelection({ ...base, sizes: [], colors: [] })).toEqual({
      kind: 'add',
      item: { ...item, quantity: 1, selectedSize: null, selectedColor: null },
    });
  });

  it('preselects a single size and a single colour', () => {
    expect(cardCartSelection({ ...base, sizes: ['One Size'], colors: ['Indigo'] })).toEqual({
      kind: 'add',
      item: { ...item, quantity: 1, selectedSize: 'One Size', selectedColor: 'Indigo' },
    });
  });

  it('leaves the colour empty when there are several', () => {
    expect(cardCartSelection({ ...base, sizes: ['Free'], colors: ['Red', 'Blue'] })).toEqual({
      kind: 'add',
      item: { ...item, quantity: 1, selectedSize: 'Free', selectedColor: null },
    });
  });

  it('asks for a size when there are several', () => {
    expect(cardCartSelection({ ...base, sizes: ['S', 'M', 'L'], colors: ['Indigo'] })).toEqual({
      kind: 'choose-size',
    });
  });

  it('uses the storefront texts for the size toast', () => {
    expect(`${SELECT_SIZE_TITLE} - ${SELECT_SIZE_DESCRIPTION}`).toBe(
      'Please select a size - You must select a size before adding to cart',
    );
  });
});

describe('cardCartSelection for fabric sold by the metre', () => {
  it('asks for a length on the product page instead of adding 1', () => {
    expect(cardCartSelection({ ...base, unit: 'm', sizes: [], colors: ['Indigo'] })).toEqual({
      kind: 'choose-length',
    });
    expect(cardCartSelection({ ...base, unit: 'piece', sizes: [], colors: [] }).kind).toBe('add');
  });

  it('uses its own texts for the length and colour toasts', () => {
    expect(`${CHOOSE_LENGTH_TITLE} - ${CHOOSE_LENGTH_DESCRIPTION}`).toBe(
      'Please choose a length - This fabric is sold by the metre: choose how many metres you need',
    );
    expect(`${SELECT_COLOUR_TITLE} - ${SELECT_COLOUR_DESCRIPTION}`).toBe(
      'Please select a colour - You must select a colour before adding to cart',
    );
  });
});
