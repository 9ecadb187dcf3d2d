import { describe, expect, it } from 'vitest';
import { unwrapAccountInfo } from './account-info-query';

describe('unwrapAccountInfo (spec §3: wrapped in data or bare)', () => {
  const info = {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.com',
    createdAt: '2025-04-18T10:00:00Z',
  };

  it('reads a bare and a data-wrapped answer alike', () => {
    expect(unwrapAccountInfo(info)).toEqual(info);
    expect(unwrapAccountInfo({ data: info })).toEqual(info);
  });

  it('keeps only non-empty text fields of the four', () => {
    expect(
      unwrapAccountInfo({ data: { firstName: 'Asha', lastName: null, email: '', extra: 'x', createdAt: 5 } }),
    ).toEqual({
      firstName: 'Asha',
    });
    expect(unwrapAccountInfo(null)).toEqual({});
    expect(unwrapAccountInfo('text')).toEqual({});
  });
});
