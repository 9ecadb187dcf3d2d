// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildRedirectPostForm } from './redirect-post-form';

const GATEWAY = 'https://secure.payu.in';

describe('buildRedirectPostForm', () => {
  it('builds a hidden POST form with type, url and data[key] inputs without parsing HTML', () => {
    const form = buildRedirectPostForm(document, {
      action: `${GATEWAY}/_payment`,
      params: {
        type: 'payu',
        url: `${GATEWAY}/_payment`,
        data: { key: 'gtKFFx', productinfo: '"><img src=x onerror=alert(1)>' },
      },
    });
    expect(form.method).toBe('post');
    expect(form.action).toBe(`${GATEWAY}/_payment`);
    expect(form.hidden).toBe(true);
    const inputs = Array.from(form.querySelectorAll('input'), (input) => [
      input.type,
      input.name,
      input.value,
    ]);
    expect(inputs).toEqual([
      ['hidden', 'type', 'payu'],
      ['hidden', 'url', `${GATEWAY}/_payment`],
      ['hidden', 'data[key]', 'gtKFFx'],
      ['hidden', 'data[productinfo]', '"><img src=x onerror=alert(1)>'],
    ]);
    expect(form.querySelector('img')).toBeNull();
  });
});
