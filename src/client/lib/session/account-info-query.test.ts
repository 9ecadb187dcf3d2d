import { describe, expect, it } from 'vitest';
import { accountInfoAnswerSchema } from './account-info-query';

describe('accountInfoAnswerSchema (docs/product.md §3: wrapped in data or bare)', () => {
  const info = {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.com',
    phone: null,
    createdAt: '2025-04-18T10:00:00Z',
    whatsappOptIn: false,
  };

  it('reads a bare and a data-wrapped answer alike, dropping unknown fields', () => {
    expect(accountInfoAnswerSchema.parse(info)).toEqual(info);
    expect(accountInfoAnswerSchema.parse({ data: { ...info, role: 'admin' } })).toEqual(info);
  });

  it('refuses an answer outside the shared contract', () => {
    for (const answer of [
      null,
      'text',
      { data: { ...info, lastName: null } },
      { ...info, createdAt: 5 },
      { firstName: 'Asha' },
    ]) {
      expect(accountInfoAnswerSchema.safeParse(answer).success).toBe(false);
    }
  });
});
