import { describe, expect, it } from 'vitest';
import { escapeHtml, fillPolicyPlaceholders, placeholderValues } from './policy-placeholders';
import { POLICY_TITLES } from '@shared/store-settings/policy-titles';
import { DEFAULT_POLICY_TEXTS } from './policy-texts';

const company = {
  storeName: 'Resham Silks',
  companyName: 'Resham Textiles Private Limited',
  companyAddress: '12 Chandni Chowk, Delhi 110006',
  companyEmail: 'care@resham.example',
  companyPhone: '+91 11 2345 6789',
  companyLogoUrl: '/media/logo.svg',
};

const template =
  '<p>{companyName}, {companyAddress}</p><p>{companyEmail} / {companyPhone}</p><img src="{companyLogoUrl}" alt="">';

describe('fillPolicyPlaceholders (docs/product.md §2 Policy pages)', () => {
  it('replaces every placeholder by the company details', () => {
    expect(fillPolicyPlaceholders(template, company)).toBe(
      '<p>Resham Textiles Private Limited, 12 Chandni Chowk, Delhi 110006</p>' +
        '<p>care@resham.example / +91 11 2345 6789</p><img src="/media/logo.svg" alt="">',
    );
  });

  it('replaces repeated placeholders and leaves unknown braces alone', () => {
    expect(fillPolicyPlaceholders('{companyName} and {companyName}; {unknown} {companyname}', company)).toBe(
      'Resham Textiles Private Limited and Resham Textiles Private Limited; {unknown} {companyname}',
    );
  });

  it('uses neutral fallbacks when the details are missing', () => {
    expect(fillPolicyPlaceholders(template, undefined)).toBe(
      '<p>our store, our registered office</p><p>our customer support e-mail / our customer support number</p>' +
        '<img src="" alt="">',
    );
  });

  it('falls back from the company name to the store name, treating blank text as missing', () => {
    expect(placeholderValues({ storeName: 'Resham Silks', companyName: '   ' }).companyName).toBe(
      'Resham Silks',
    );
    expect(placeholderValues({ storeName: null, companyName: null })).toEqual({
      companyName: 'our store',
      companyAddress: 'our registered office',
      companyEmail: 'our customer support e-mail',
      companyPhone: 'our customer support number',
      companyLogoUrl: '',
      supportHours: 'Monday to Saturday, 10AM - 6PM',
    });
    expect(placeholderValues({ supportHours: ' Daily, 9AM - 9PM ' }).supportHours).toBe('Daily, 9AM - 9PM');
  });

  it('HTML-escapes the values before inserting them', () => {
    const filled = fillPolicyPlaceholders('<h2>{companyName}</h2><img src="{companyLogoUrl}">', {
      companyName: '<img src=x onerror="alert(1)">Evil & Co',
      companyLogoUrl: '" onerror="alert(2)',
    });
    expect(filled).toBe(
      '<h2>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Evil &amp; Co</h2><img src="&quot; onerror=&quot;alert(2)">',
    );
    expect(filled).not.toContain('<img src=x');
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });
});

describe('default policy texts (docs/product.md §2 Policy pages, §9)', () => {
  it('has the six titles', () => {
    expect(POLICY_TITLES).toEqual({
      terms: 'Terms and Conditions',
      privacy: 'Privacy Policy',
      refund: 'Refund and Cancellation',
      return: 'Return Policy',
      shipping: 'Shipping Policy',
      about: 'About Us',
    });
  });

  it('states the docs/product.md §9 numbers', () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(text(DEFAULT_POLICY_TEXTS.refund)).toContain('the refund is credited within 0-7 working days');
    expect(text(DEFAULT_POLICY_TEXTS.refund)).toContain(
      'cancellation of an order within 0-7 days of placing it',
    );
    // The return window is the store's (docs/returns.md "Settings"): 7 days while it set none.
    expect(text(DEFAULT_POLICY_TEXTS.return)).toContain('return it within 7 days from delivery');
    expect(text(DEFAULT_POLICY_TEXTS.shipping)).toContain(
      'Normal orders are delivered within 0-7 working days',
    );
    expect(text(DEFAULT_POLICY_TEXTS.shipping)).toContain('are delivered within 10-15 business days');
    for (const slug of ['terms', 'privacy', 'refund'] as const) {
      expect(text(DEFAULT_POLICY_TEXTS[slug])).toContain('{companyPhone} ({supportHours})');
      expect(text(DEFAULT_POLICY_TEXTS[slug])).toContain('Consumer Protection (E-Commerce) Rules, 2020');
      expect(text(DEFAULT_POLICY_TEXTS[slug])).toContain('Grievance Officer');
    }
  });

  it('leaves no placeholder unfilled and never starts a sentence with a lower-case fallback', () => {
    for (const html of Object.values(DEFAULT_POLICY_TEXTS)) {
      const filled = fillPolicyPlaceholders(html, undefined);
      expect(filled).not.toMatch(/\{(company\w*|supportHours)\}/);
      expect(filled).not.toMatch(/(^|\.\s+|<(p|li|h2|h3)>\s*)our (store|registered office|customer support)/);
    }
  });
});
