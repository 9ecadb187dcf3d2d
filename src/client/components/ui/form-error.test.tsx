import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom } from '@client/lib/api-client';
import { FormError } from './form-error';

describe('FormError', () => {
  it("shows a failure that names no input in a destructive alert, with errorText's wording", () => {
    expect(
      renderToStaticMarkup(<FormError error={apiErrorFrom(429, { error: 'Too many sign-in attempts.' })} />),
    ).toBe('<div role="alert" class="alert alert-destructive">Too many sign-in attempts.</div>');
    expect(renderToStaticMarkup(<FormError error={new ApiError('No response from server', 0)} />)).toContain(
      '>No response from server. Please try again later.</div>',
    );
    expect(
      renderToStaticMarkup(<FormError error={apiErrorFrom(500, null)} fallback="Could not save" />),
    ).toContain('>Could not save</div>');
  });

  it('shows nothing without an error, or for one whose fields sit under the inputs', () => {
    expect(renderToStaticMarkup(<FormError error={null} />)).toBe('');
    const named = apiErrorFrom(400, { error: 'Invalid field: email', fields: { email: 'is required' } });
    expect(renderToStaticMarkup(<FormError error={named} />)).toBe('');
  });

  it("shows the screen's own wording when it is given", () => {
    expect(renderToStaticMarkup(<FormError id="form-problem">This link is no longer valid.</FormError>)).toBe(
      '<div role="alert" class="alert alert-destructive" id="form-problem">This link is no longer valid.</div>',
    );
    expect(renderToStaticMarkup(<FormError>{null}</FormError>)).toBe('');
  });
});
