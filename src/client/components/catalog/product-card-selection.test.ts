import { describe, expect, it } from 'vitest';
import {
  cardCartSelection,
  onlyOption,
  SELECT_SIZE_DESCRIPTION,
  SELECT_SIZE_TITLE,
} from './product-card-selection';

const base = {
  id: 'p1',
  name: 'Indigo khadi kurta',
  image: '/media/demo/men-kurta-indigo-khadi.svg',
  price: 2499,
};

describe('onlyOption', () => {
  it('returns the single option only', () => {
    expect(onlyOption([])).toBeNull();
    expect(onlyOption(['One Size'])).toBe('One Size');
    expect(onlyOption(['S', 'M'])).toBeNull();
  });
});

describe('cardCartSelection (spec §2 "Product card", §5)', () => {
  it('adds quantity 1 with nothing preselected when there are no options', () => {
    expect(cardCartSelection({ ...base, sizes: [], colors: [] })).toEqual({
      kind: 'add',
      item: { ...base, quantity: 1, selectedSize: null, selectedColor: null },
    });
  });

  it('preselects a single size and a single colour', () => {
    expect(cardCartSelection({ ...base, sizes: ['One Size'], colors: ['Indigo'] })).toEqual({
      kind: 'add',
      item: { ...base, quantity: 1, selectedSize: 'One Size', selectedColor: 'Indigo' },
    });
  });

  it('leaves the colour empty when there are several', () => {
    expect(cardCartSelection({ ...base, sizes: ['Free'], colors: ['Red', 'Blue'] })).toEqual({
      kind: 'add',
      item: { ...base, quantity: 1, selectedSize: 'Free', selectedColor: null },
    });
  });

  it('asks for a size when there are several', () => {
    expect(cardCartSelection({ ...base, sizes: ['S', 'M', 'L'], colors: ['Indigo'] })).toEqual({
      kind: 'choose-size',
    });
  });

  it('uses the spec texts for the size toast', () => {
    expect(`${SELECT_SIZE_TITLE} - ${SELECT_SIZE_DESCRIPTION}`).toBe(
      'Please select a size - You must select a size before adding to cart',
    );
  });
});
