import { describe, expect, it } from 'vitest';
import { lexemesOf, prefixRange, type SuggestIndex } from './suggest-index';

describe('suggest index', () => {
  it("reads a tsvector's text: each lexeme with the weight of its best position (A 1, B 0.4, C 0.2, D 0.1)", () => {
    expect(lexemesOf("'banarasi':3A,10C 'silk':4A 'saree':8B,12 'zari':20 'kid''s':5C 'a\\\\b':6")).toEqual([
      ['banarasi', 1],
      ['silk', 1],
      ['saree', 0.4],
      ['zari', 0.1],
      ["kid's", 0.2],
      ['a\\b', 0.1],
    ]);
    expect(lexemesOf('')).toEqual([]);
    expect(lexemesOf("'साड़ी':2A")).toEqual([['साड़ी', 1]]);
  });

  it('finds the lexemes that start with a word start, and none past the last', () => {
    const index = {
      lexemes: ['banarasi', 'banaras', 'bandhani', 'kurta', 'kurti', 'silk'].sort(),
    } as SuggestIndex;
    const words = (prefix: string) => {
      const [start, end] = prefixRange(index, prefix);
      return index.lexemes.slice(start, end);
    };
    expect(words('bana')).toEqual(['banaras', 'banarasi']);
    expect(words('kurt')).toEqual(['kurta', 'kurti']);
    expect(words('ban')).toEqual(['banaras', 'banarasi', 'bandhani']);
    expect(words('zz')).toEqual([]);
    expect(words('a')).toEqual([]);
    expect(words('silky')).toEqual([]);
  });
});
