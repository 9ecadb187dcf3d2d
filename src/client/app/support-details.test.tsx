// @vitest-environment jsdom
/**
 * Every place that tells shoppers when and how to reach the shop — the contact page, the footer and each
 * default policy — says the same thing, taken from store info: the support hours, the e-mail and the phone.
 * Each page is rendered for a store whose values appear nowhere in the code, so a page with its own hours or
 * contacts written in fails. Windows (return, cancellation, refund) must also agree between the policies.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StoreInfo } from '@shared/store-settings/store-info-schema';
import { policySlugs } from '@shared/store-settings/store-info-schema';
import { SUPPORT_HOURS_DEFAULT } from '@shared/store-settings/store-info-schema';
import { Footer } from '@client/app/layouts/footer';
import { renderPolicyHtml } from '@client/lib/policies/policy-html';
import { DEFAULT_POLICY_TEXTS } from '@client/lib/policies/policy-texts';
import { storeInfoQueryOptions } from '@client/lib/store-info/store-info-query';
import { ContactPage } from '@client/features/contact/contact-page';

const STORE: StoreInfo = {
  storeName: 'Kashi Weaves',
  companyName: 'Kashi Weaves LLP',
  companyAddress: '4 Godowlia, Varanasi, Uttar Pradesh 221001',
  companyEmail: 'help@kashi-weaves.example',
  companyPhone: '+91 90000 12345',
  companyLogoUrl: null,
  description: null,
  whatsappNumber: null,
  supportHours: 'Tuesday to Sunday, 11AM - 8PM',
  socialLinks: {},
  sizeChart: null,
  categorySizeCharts: {},
  categories: ['Sarees'],
  categoryImages: {},
  policies: {},
  testMode: false,
};

/** The visible text of some HTML, spaces collapsed. */
function textOf(html: string): string {
  const element = document.createElement('div');
  element.innerHTML = html.replace(/></g, '> <');
  return (element.textContent ?? '').replace(/\s+/g, ' ');
}

/** The page's markup as the storefront renders it for `info`. */
function render(node: React.ReactNode, info: StoreInfo): string {
  const client = new QueryClient();
  client.setQueryData(storeInfoQueryOptions().queryKey, info);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Every page that states how to reach the shop, by name, as text. */
function pages(info: StoreInfo): [string, string][] {
  return [
    ['contact page', textOf(render(<ContactPage />, info))],
    ['footer', textOf(render(<Footer />, info))],
    ...policySlugs.map((slug): [string, string] => [
      `${slug} policy`,
      textOf(renderPolicyHtml(DEFAULT_POLICY_TEXTS[slug], info)),
    ]),
  ];
}

const DAYS = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
/** Stated hours: 'Monday to Saturday', '10AM', '10:00-17:00', '6 pm'. */
const HOURS_PATTERNS = [
  new RegExp(`${DAYS}\\s*(?:to|-|–)\\s*${DAYS}`, 'g'),
  /\b\d{1,2}(?::\d{2})?\s?(?:AM|PM|am|pm)\b/g,
  /\b\d{1,2}:\d{2}\b/g,
];
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const PHONE = /\+91[\d\s-]{10,14}\d/g;

describe('support hours and contacts come from store info on every page', () => {
  it.each([
    ['a store with its own hours', STORE, STORE.supportHours!],
    ['a store that set none (the default hours)', { ...STORE, supportHours: null }, SUPPORT_HOURS_DEFAULT],
  ])('%s: every stated hour, e-mail and phone is the store info value', (_name, info, hours) => {
    const all = pages(info);
    const stating = all.filter(([, text]) => text.includes(hours)).map(([name]) => name);
    // The contact page and the policies with a Grievance Officer state the hours.
    expect(stating).toEqual(
      expect.arrayContaining(['contact page', 'terms policy', 'privacy policy', 'refund policy']),
    );
    for (const [name, text] of all) {
      // Take the store's hours out: any day range or clock time left was written into the page.
      const rest = text.split(hours).join(' ');
      for (const pattern of HOURS_PATTERNS) expect([name, rest.match(pattern)]).toEqual([name, null]);
      for (const email of text.match(EMAIL) ?? []) expect([name, email]).toEqual([name, info.companyEmail]);
      for (const phone of text.match(PHONE) ?? [])
        expect([name, phone.trim()]).toEqual([name, info.companyPhone]);
    }
    expect(all.filter(([, text]) => text.includes(info.companyEmail!)).map(([name]) => name)).toEqual(
      expect.arrayContaining(['contact page', 'footer', 'return policy', 'shipping policy', 'about policy']),
    );
  });

  it('states one return window, one cancellation window and one refund time across the policies', () => {
    const text = pages(STORE)
      .map(([, page]) => page)
      .join(' ');
    const windows = (pattern: RegExp) => new Set([...text.matchAll(pattern)].map((match) => match[1]));
    // The store's return window (docs/returns.md "Settings"; 7 days while it set none).
    expect(windows(/returns? (?:it )?within ([\d-]+ days) (?:of|from) delivery/g)).toEqual(
      new Set(['7 days']),
    );
    expect(windows(/cancellation of an order within ([\d-]+ days)/g)).toEqual(new Set(['0-7 days']));
    expect(windows(/credited (?:to the original payment method )?within ([\d-]+ working days)/g)).toEqual(
      new Set(['0-7 working days']),
    );
  });
});
