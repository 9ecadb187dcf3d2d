import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom, InvalidResponseError } from './api-client';
import { errorText, FAILURE_TEXT, namesFields, NO_RESPONSE_TEXT } from './error-text';

describe('errorText', () => {
  it("shows the server's sentence of an error answer, whatever the fallback", () => {
    const refused = apiErrorFrom(409, { error: 'Not enough stock for Banarasi Silk Saree' });
    expect(errorText(refused)).toBe('Not enough stock for Banarasi Silk Saree');
    expect(errorText(refused, 'Could not place the order')).toBe('Not enough stock for Banarasi Silk Saree');
  });

  it('says no response arrived for status 0, also over a fallback', () => {
    const offline = new ApiError('No response from server', 0);
    expect(errorText(offline)).toBe('No response from server. Please try again later.');
    expect(errorText(offline, 'Could not save')).toBe(NO_RESPONSE_TEXT);
  });

  it('falls back for an answer without a sentence, else names the status', () => {
    const bare = apiErrorFrom(502, 'Bad gateway');
    expect(errorText(bare, 'Could not save')).toBe('Could not save');
    expect(errorText(bare)).toBe('Request failed with status 502');
  });

  it('puts the fallback before the text of an answer outside the contract', () => {
    const strange = new InvalidResponseError('Unexpected answer from GET /admin/orders: page: Required', 200);
    expect(errorText(strange, 'The orders could not be loaded')).toBe('The orders could not be loaded');
    expect(errorText(strange)).toBe('Unexpected answer from GET /admin/orders: page: Required');
  });

  it('shows the message of an error our code throws, and the fallback for anything that has none', () => {
    expect(errorText(new Error('not valid JSON: Unexpected token'), 'Could not read')).toBe(
      'not valid JSON: Unexpected token',
    );
    expect(errorText(new Error(''), 'Could not read')).toBe('Could not read');
    expect(errorText('weird', 'Could not read')).toBe('Could not read');
    expect(errorText(undefined)).toBe('Something went wrong. Please try again.');
    expect(errorText(null)).toBe(FAILURE_TEXT);
  });
});

describe('namesFields', () => {
  it('is true only for an error answer with fields', () => {
    expect(
      namesFields(apiErrorFrom(400, { error: 'Invalid field: email', fields: { email: 'is required' } })),
    ).toBe(true);
    expect(namesFields(apiErrorFrom(400, { error: 'This link is no longer valid.' }))).toBe(false);
    expect(namesFields(new Error('email'))).toBe(false);
  });
});
