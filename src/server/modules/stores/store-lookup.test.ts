import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_KEPT_HOSTS, StoreLookup } from './store-lookup';

const requestFor = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('StoreLookup', () => {
  it('finds the store by X-Store-Host, else Host, normalised; unknown hosts get the default store', () => {
    const stores = new StoreLookup({ defaultStoreId: 1, byHost: new Map([['saree.example.in', 7]]) });
    expect(stores.storeIdOf(requestFor({ host: 'Saree.Example.in:3000' }))).toBe(7);
    expect(stores.storeIdOf(requestFor({ host: 'saree.example.in.' }))).toBe(7);
    expect(stores.storeIdOf(requestFor({ host: 'localhost', 'x-store-host': 'saree.example.in' }))).toBe(7);
    expect(stores.storeIdOf(requestFor({ host: 'other.example.in' }))).toBe(1);
    expect(stores.storeIdOf(requestFor({}))).toBe(1);
  });

  it('answers from the new directory once it is used (kept answers forgotten)', () => {
    const stores = new StoreLookup({ defaultStoreId: 1, byHost: new Map() });
    const request = requestFor({ host: 'kurti.example.in' });
    expect(stores.storeIdOf(request)).toBe(1);
    stores.use({ defaultStoreId: 1, byHost: new Map([['kurti.example.in', 9]]) });
    expect(stores.storeIdOf(request)).toBe(9);
  });

  it('keeps at most MAX_KEPT_HOSTS answers and still answers right past them', () => {
    const stores = new StoreLookup({ defaultStoreId: 1, byHost: new Map([['saree.example.in', 7]]) });
    for (let index = 0; index < MAX_KEPT_HOSTS + 10; index++) {
      expect(stores.storeIdOf(requestFor({ host: `made-up-${index}.example` }))).toBe(1);
    }
    expect(stores.storeIdOf(requestFor({ host: 'saree.example.in' }))).toBe(7);
  });
});
