/** The address rule of webhooks (docs/webhooks.md "Addresses"): which IPs are public, and the check of a URL. */
import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookAddressProblem } from './webhook-address';

const NOT_PUBLIC = 'must be a public internet address (not loopback, private or link-local)';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['203.0.114.10', true],
    ['2606:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.0.10', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['198.51.100.7', false],
    ['::1', false],
    ['[::1]', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:a00:1', false],
    ['2001:db8::1', false],
    ['ff02::1', false],
    ['localhost', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('webhookAddressProblem', () => {
  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('allows every address outside production', async () => {
    expect(
      await webhookAddressProblem(new URL('http://127.0.0.1:3000/hooks'), { publicOnly: false }),
    ).toBeNull();
  });

  it('in production refuses a name with any private address, or none', async () => {
    const url = new URL('https://hooks.erp.example/resham');
    expect(
      await webhookAddressProblem(url, { publicOnly: true, resolveAll: resolveTo('8.8.4.4') }),
    ).toBeNull();
    expect(
      await webhookAddressProblem(url, { publicOnly: true, resolveAll: resolveTo('8.8.4.4', '10.0.0.2') }),
    ).toBe(NOT_PUBLIC);
    expect(await webhookAddressProblem(url, { publicOnly: true, resolveAll: resolveTo() })).toBe(
      'the host name does not resolve',
    );
    expect(
      await webhookAddressProblem(url, {
        publicOnly: true,
        resolveAll: async () => {
          throw new Error('getaddrinfo ENOTFOUND hooks.erp.example');
        },
      }),
    ).toBe('the host name does not resolve');
  });

  it('in production refuses localhost through the system resolver', async () => {
    expect(await webhookAddressProblem(new URL('http://localhost:8080/'), { publicOnly: true })).toBe(
      NOT_PUBLIC,
    );
  });
});
