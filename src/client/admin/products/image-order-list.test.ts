/** The new order after a drag or a Move up / Move down press. */
import { describe, expect, it } from 'vitest';
import { moved } from './image-order-list';

describe('moved', () => {
  it('puts the image at the new place and keeps the others in order', () => {
    expect(moved([1, 2, 3, 4], 4, 0)).toEqual([4, 1, 2, 3]);
    expect(moved([1, 2, 3, 4], 1, 2)).toEqual([2, 3, 1, 4]);
    expect(moved([1, 2, 3, 4], 2, 1)).toEqual([1, 2, 3, 4]);
  });

  it('keeps a place beyond either end at that end', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 2, 9)).toEqual([1, 3, 2]);
  });
});
