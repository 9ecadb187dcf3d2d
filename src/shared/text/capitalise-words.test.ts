import { describe, expect, it } from 'vitest';
import { capitaliseWords } from './capitalise-words';

describe('capitaliseWords', () => {
  it('upper-cases the first letter of each word only', () => {
    expect(capitaliseWords('unstitched fabrics')).toBe('Unstitched Fabrics');
    expect(capitaliseWords('HDMI cables')).toBe('HDMI Cables');
    expect(capitaliseWords('  tv & video accessories ')).toBe('Tv & Video Accessories');
    expect(capitaliseWords('')).toBe('');
  });
});
