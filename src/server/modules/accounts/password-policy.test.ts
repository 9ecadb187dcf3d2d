import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword } from './password-policy';

describe('common-password policy ', () => {
  it('loads the lower-cased top-1000 list without duplicates or blanks', () => {
    expect(commonPasswords.size).toBe(999);
    for (const password of commonPasswords) {
      expect(password).toBe(password.toLowerCase());
      expect(password.trim()).toBe(password);
      expect(password).not.toBe('');
    }
  });

  it('rejects listed passwords in any letter case', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(isCommonPassword('iloveyou')).toBe(true);
    expect(isCommonPassword('freepass')).toBe(true);
  });

  it('accepts passwords that are not on the list', () => {
    expect(isCommonPassword('Banarasi-silk-1987')).toBe(false);
    expect(isCommonPassword('password 1')).toBe(false);
    expect(isCommonPassword('')).toBe(false);
  });
});
