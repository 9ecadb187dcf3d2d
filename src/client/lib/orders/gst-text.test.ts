import { describe, expect, it } from 'vitest';
import { gstLabel, PRICES_INCLUDE_GST, pricesIncludeGstText } from './gst-text';

describe('GST texts', () => {
  it("says 'Prices include GST' and names the tax by the place of supply", () => {
    expect(PRICES_INCLUDE_GST).toBe('Prices include GST');
    expect(gstLabel('inter-state')).toBe('IGST');
    expect(gstLabel('intra-state')).toBe('CGST + SGST');
    expect(gstLabel('not-registered')).toBeNull();
    expect(gstLabel(null)).toBeNull();
    expect(pricesIncludeGstText('inter-state')).toBe('Prices include GST (IGST)');
    expect(pricesIncludeGstText('intra-state')).toBe('Prices include GST (CGST + SGST)');
    expect(pricesIncludeGstText(null)).toBe('Prices include GST');
  });
});
