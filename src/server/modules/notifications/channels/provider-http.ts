/**
 * The HTTP call of the phone providers' adapters: a JSON POST with a time limit, its answer read as JSON,
 * and the common outcome rules (docs/messages.md "Channels and providers"): a 5xx, a 429, a timeout or no
 * connection → retry; any other non-2xx → failed with the provider's reason.
 */
import type { SendOutcome } from './channel-adapter';

/** How long a provider may take to answer one message (ms). */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** Longest provider reason kept on a message (characters). */
const REASON_MAX = 300;

/** A provider's answer: its HTTP status and its body parsed as JSON (null when it is not JSON). */
export type ProviderAnswer = { status: number; body: unknown };

/**
 * POSTs `body` as JSON to `url` with `headers`.
 * @returns the answer, or a `retry` outcome when no answer came in `timeoutMs` or the connection failed.
 */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  provider: string,
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<ProviderAnswer | SendOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      kind: 'retry',
      reason: timedOut
        ? `${provider} did not answer within ${timeoutMs / 1000} s`
        : `${provider} could not be reached`,
    };
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed };
}

/** True for an outcome (the call did not get an answer), false for a provider's answer. */
export function isOutcome(value: ProviderAnswer | SendOutcome): value is SendOutcome {
  return 'kind' in value;
}

/** `reason` on one line and at most {@link REASON_MAX} characters. */
export function shortReason(reason: string): string {
  const line = reason.replace(/\s+/g, ' ').trim();
  return line.length > REASON_MAX ? `${line.slice(0, REASON_MAX - 1)}…` : line;
}

/**
 * The outcome of a provider's non-2xx answer: retry for a 5xx or a 429, else failed with `reason`.
 * @param reason the provider's own explanation (its error message), without any key.
 */
export function refusedOutcome(provider: string, status: number, reason: string | null): SendOutcome {
  const text = shortReason(`${provider} answered ${status}${reason ? `: ${reason}` : ''}`);
  return status >= 500 || status === 429 ? { kind: 'retry', reason: text } : { kind: 'failed', reason: text };
}
