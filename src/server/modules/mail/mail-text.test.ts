import { describe, expect, it } from 'vitest';
import { MAIL_NAME_MAX_LENGTH, plainMailName, plainMailText } from './mail-text';

describe('plainMailName', () => {
  it.each([
    ['Asha Verma', 'Asha Verma'],
    ['  Asha\t\n Verma ', 'Asha Verma'],
    ['Dr. S. Rao', 'Dr. S. Rao'],
    ['www.win-big.example', 'www[.]win-big[.]example'],
    ['Visit http://evil.example/x', 'Visit http[:]//evil[.]example/x'],
    ['HTTPS://EVIL.EXAMPLE', 'HTTPS[:]//EVIL[.]EXAMPLE'],
    ['evil。example', 'evil[.]example'],
    ['evil．example', 'evil[.]example'],
    ['mail me at a@b.example', 'mail me at a@b[.]example'],
    ['zero\u200bwidth\u202Eoverride', 'zerowidthoverride'],
    ['www\u200b.evil\u00ad.example', 'www[.]evil[.]example'],
    ['അവന്\u200d', 'അവന്\u200d'],
    ['कार्\u200dयालय', 'कार्\u200dयालय'],
    ['control\u0000\u0007chars', 'control chars'],
  ])('%j → %j', (name, expected) => {
    expect(plainMailName(name)).toBe(expected);
  });

  it('caps a name at 60 characters, the ellipsis included, counting characters not UTF-16 units', () => {
    const long = 'ब'.repeat(80);
    const capped = plainMailName(long);
    expect([...capped]).toHaveLength(MAIL_NAME_MAX_LENGTH);
    expect(capped.endsWith('…')).toBe(true);
    expect(plainMailName('😀'.repeat(61))).toBe(`${'😀'.repeat(59)}…`);
    expect(plainMailName('a'.repeat(60))).toBe('a'.repeat(60));
    expect(plainMailName('word '.repeat(20), 10)).toBe('word word…');
  });
});

describe('plainMailText', () => {
  it('breaks links without a length cap', () => {
    expect(plainMailText(`${'a'.repeat(100)} www.example.com`)).toBe(
      `${'a'.repeat(100)} www[.]example[.]com`,
    );
  });
});
