import { describe, expect, it } from 'vitest';
import { documentFileName } from './tax-document-downloads';
import { previousMonth } from './gstr1-downloads';

describe('GST downloads', () => {
  it('defaults to the month before, in India time', () => {
    expect(previousMonth(new Date('2026-11-23T10:00:00Z'))).toBe('2026-10');
    expect(previousMonth(new Date('2026-01-05T10:00:00Z'))).toBe('2025-12');
    // 31 Oct 20:00 UTC is already 1 November in India.
    expect(previousMonth(new Date('2026-10-31T20:00:00Z'))).toBe('2026-10');
  });

  it('names a document file after its number', () => {
    expect(documentFileName('RS/25-26/000123')).toBe('RS-25-26-000123.pdf');
  });
});
