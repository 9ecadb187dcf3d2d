import { describe, expect, it } from 'vitest';
import { formatWhatsappNumber, normaliseWhatsappNumber, whatsappLink } from './whatsapp';

describe('WhatsApp numbers', () => {
  it.each([
    ['98390 41736', '+919839041736'],
    ['+91 98390 41736', '+919839041736'],
    ['91-98390-41736', '+919839041736'],
    ['098390 41736', '+919839041736'],
    ['(+91) 6000000000', '+916000000000'],
  ])('reads %s as %s', (input, e164) => {
    expect(normaliseWhatsappNumber(input)).toBe(e164);
  });

  it.each(['58390 41736', '98390 4173', '+92 98390 41736', '98390417361', 'whatsapp', ''])(
    'refuses %s (not an Indian mobile number)',
    (input) => {
      expect(normaliseWhatsappNumber(input)).toBeNull();
    },
  );

  it('formats for showing and builds a click-to-chat link with the text URL-encoded', () => {
    expect(formatWhatsappNumber('+919839041736')).toBe('+91 98390 41736');
    expect(whatsappLink('+919839041736', 'Order RS-7KQ29XD3 & more?')).toBe(
      'https://wa.me/919839041736?text=Order%20RS-7KQ29XD3%20%26%20more%3F',
    );
  });
});
