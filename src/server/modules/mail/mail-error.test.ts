import { describe, expect, it } from 'vitest';
import { describeMailError, MAIL_ERROR_MAX_LENGTH, mailErrorText } from './mail-error';

const refused = Object.assign(
  new Error("Can't send mail - all recipients were rejected: 550 <asha@example.com> unknown"),
  { code: 'EENVELOPE', responseCode: 550 },
);

describe('describeMailError', () => {
  it('describes a failure without any e-mail address', () => {
    expect(describeMailError(refused)).toEqual({
      name: 'Error',
      code: 'EENVELOPE',
      responseCode: 550,
      message: "Can't send mail - all recipients were rejected: 550 <[address]> unknown",
    });
    expect(JSON.stringify(describeMailError('plain failure for x@y.example'))).not.toContain('@');
  });
});

describe('mailErrorText', () => {
  it('is one line with the code and the response code, without addresses, capped', () => {
    expect(mailErrorText(refused)).toBe(
      "Error EENVELOPE 550: Can't send mail - all recipients were rejected: 550 <[address]> unknown",
    );
    expect(mailErrorText(new Error('line one\nline two'))).toBe('Error: line one line two');
    expect(mailErrorText(new Error('x'.repeat(2000)))).toHaveLength(MAIL_ERROR_MAX_LENGTH);
  });
});
