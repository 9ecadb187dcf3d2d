import { describe, expect, it } from 'vitest';
import { isSocialLink, socialLinkMessage } from './social-links';
import { importSocialLinksSchema, socialLinksFormSchema } from './social-links-schema';

const NONE = { instagram: '', facebook: '', youtube: '', x: '', pinterest: '' };

describe('social links', () => {
  it.each([
    ['instagram', 'https://www.instagram.com/reshamhouse'],
    ['instagram', 'https://instagram.com/reshamhouse/'],
    ['facebook', 'https://m.facebook.com/reshamhouse'],
    ['facebook', 'https://fb.com/reshamhouse'],
    ['youtube', 'https://www.youtube.com/@reshamhouse'],
    ['youtube', 'https://youtu.be/abc123'],
    ['x', 'https://x.com/reshamhouse'],
    ['x', 'https://twitter.com/reshamhouse'],
    ['pinterest', 'https://in.pinterest.com/reshamhouse/'],
    ['pinterest', 'https://pin.it/abc'],
  ] as const)('accepts a %s link %s', (network, url) => {
    expect(isSocialLink(network, url)).toBe(true);
  });

  it.each([
    ['instagram', 'http://www.instagram.com/reshamhouse', 'plain http'],
    ['instagram', 'https://www.instagram.com/', 'the bare home page'],
    ['instagram', 'https://instagram.com.evil.example/reshamhouse', 'a look-alike host'],
    ['facebook', 'https://www.instagram.com/reshamhouse', "another network's site"],
    ['x', 'https://user:secret@x.com/reshamhouse', 'a user name and password'],
    ['x', 'https://x.com:8443/reshamhouse', 'a port'],
    ['youtube', 'javascript:alert(1)', 'a script'],
    ['pinterest', 'https://pinterest.com/resham house', 'a space'],
    ['pinterest', 'pinterest.com/reshamhouse', 'no scheme'],
  ] as const)('refuses a %s link %s (%s)', (network, url, _why) => {
    expect(isSocialLink(network, url)).toBe(false);
  });

  it("names the network's site in its message", () => {
    expect(socialLinkMessage('youtube')).toBe('must be an https:// link to youtube.com');
  });

  it('checks the form field by field: blank is not set, a wrong link has its message', () => {
    expect(socialLinksFormSchema.parse({ ...NONE, x: ' https://x.com/resham ' })).toEqual({
      ...NONE,
      x: 'https://x.com/resham',
    });
    const result = socialLinksFormSchema.safeParse({ ...NONE, facebook: 'https://x.com/resham' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['facebook', 'must be an https:// link to facebook.com'],
    ]);
  });

  it("keeps only the catalogue file's networks with a link", () => {
    expect(
      importSocialLinksSchema.parse({ instagram: 'https://instagram.com/resham', youtube: '', x: '  ' }),
    ).toEqual({ instagram: 'https://instagram.com/resham' });
    expect(importSocialLinksSchema.safeParse({ pinterest: 'https://pinterest.example/r' }).success).toBe(
      false,
    );
  });
});
