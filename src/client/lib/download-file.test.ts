import { describe, expect, it } from 'vitest';
import { attachmentFileName } from './download-file';

describe('attachmentFileName', () => {
  it("reads the server's file name, else the fallback", () => {
    expect(attachmentFileName('attachment; filename="Tax-Invoice-RS-26-27-000001.pdf"', 'x.pdf')).toBe(
      'Tax-Invoice-RS-26-27-000001.pdf',
    );
    expect(attachmentFileName(null, 'RS-1-invoice.pdf')).toBe('RS-1-invoice.pdf');
    expect(attachmentFileName('attachment', 'RS-1-invoice.pdf')).toBe('RS-1-invoice.pdf');
  });
});
