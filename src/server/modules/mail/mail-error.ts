/**
 * Transport failures described for the log and the outbox without any e-mail address: SMTP replies often
 * quote the recipient, and addresses are personal data that must not reach logs.
 */

/** Longest `last_error` kept in the outbox, in characters. */
export const MAIL_ERROR_MAX_LENGTH = 500;

/** An error as `{ name, code?, responseCode?, message }`, every address in the message replaced. */
export function describeMailError(error: unknown): Record<string, unknown> {
  const failure = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  return {
    name: typeof failure.name === 'string' ? failure.name : 'Error',
    ...(typeof failure.code === 'string' ? { code: failure.code } : {}),
    ...(typeof failure.responseCode === 'number' ? { responseCode: failure.responseCode } : {}),
    message: scrubAddresses(typeof failure.message === 'string' ? failure.message : String(error)),
  };
}

/** The one-line form kept as the outbox's `last_error`: `Error ECONNREFUSED 421: connect refused`. */
export function mailErrorText(error: unknown): string {
  const described = describeMailError(error);
  const code = [described.code, described.responseCode].filter((part) => part !== undefined).join(' ');
  const line = `${String(described.name)}${code ? ` ${code}` : ''}: ${String(described.message)}`;
  return line.replace(/\s+/g, ' ').trim().slice(0, MAIL_ERROR_MAX_LENGTH);
}

/** `text` with every e-mail address replaced by `[address]`. */
export function scrubAddresses(text: string): string {
  return text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]');
}
