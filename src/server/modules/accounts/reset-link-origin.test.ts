import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './reset-link-origin';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'shop.localhost', '127.0.0.1', '127.1.2.3', '[::1]'])(
    '%s reaches only this computer',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each([
    'localhost.example.com',
    'evil.example',
    '128.0.0.1',
    '10.0.0.1',
    '[::2]',
    '127.0.0.1.example',
    '',
  ])('%s may be anywhere', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
