// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderPolicyHtml } from './policy-html';

const DETAILS = { companyName: 'Kashi & Sons', companyEmail: 'care@kashi.example' };

describe('renderPolicyHtml (the storefront page and the admin preview)', () => {
  it('fills the placeholders with escaped details and keeps ordinary markup', () => {
    expect(
      renderPolicyHtml('<h2>Terms</h2><p>Sold by {companyName}: <a href="/contact">write</a></p>', DETAILS),
    ).toBe('<h2>Terms</h2><p>Sold by Kashi &amp; Sons: <a href="/contact">write</a></p>');
  });

  it('drops scripts, event handlers and javascript: links, so nothing in policy HTML can run', () => {
    const html = renderPolicyHtml(
      '<p>Hi</p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">x</a><svg onload="alert(4)"></svg><iframe src="/"></iframe>',
      DETAILS,
    );
    expect(html).toBe('<p>Hi</p><img src="x"><a>x</a>');
  });

  it('keeps a hostile company detail as text', () => {
    expect(renderPolicyHtml('<p>{companyName}</p>', { companyName: '<img src=x onerror=alert(1)>' })).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });
});
