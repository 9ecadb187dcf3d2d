/**
 * `npm run orders -- reconcile [--since 2026-11-01]` (docs/payments.md "Reconciliation"): asks the gateway now
 * about every payment attempt still open and at least 10 minutes old — started since `--since` (a date in
 * India Standard Time), else in the last 3 days — and applies the answers as the server's periodic pass does;
 * prints one line per attempt asked about.
 */
import { formatRupees, paiseToRupees } from '@shared/money';
import type { Db } from '../db/database';
import { gatewayIdWords } from '../modules/payments/attempt-settlement';
import {
  askableKinds,
  reconcilePayments,
  type ReconciledAttempt,
  type ReconcileLogger,
} from '../modules/payments/reconciliation';
import type { PaymentSettings } from '../modules/payments/settings';
import { CliError, ORDERS_USAGE } from './orders-arguments';

/** India Standard Time is UTC+05:30 all year. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * The start of day `text` (`YYYY-MM-DD`) in India Standard Time.
 * @throws {CliError} for anything but a real calendar date.
 */
export function parseSince(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const utc = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== text) {
    throw new CliError(`--since must be a date as YYYY-MM-DD, e.g. --since 2026-11-01\n${ORDERS_USAGE}`);
  }
  return new Date(utc - IST_OFFSET_MS);
}

const rupees = (paise: number | null) => (paise === null ? '?' : formatRupees(paiseToRupees(paise)));

/** What happened to one attempt, as the CLI prints it. */
export function reconciledLine(result: ReconciledAttempt): string {
  const ids = gatewayIdWords(result.provider, result.gatewayId, result.gatewayPaymentId);
  const txn = ids.attempt;
  const captured = `${txn}, ${rupees(result.capturedPaise)}${ids.payment ? `, ${ids.payment}` : ''}`;
  const text: Record<ReconciledAttempt['action'], string> = {
    paid: `paid — the gateway captured the payment (${captured}); Pending → Processing.`,
    reinstated: `paid after its payment window (${captured}); Cancelled → Processing, stock taken again.`,
    'refund-due': `captured after the order was cancelled (${captured}); it stays Cancelled and a refund is due.`,
    'already-paid': `captured (${captured}) but the order was already paid; check it and refund if needed.`,
    'already-settled': `its callback arrived meanwhile (${txn}); nothing changed.`,
    'amount-mismatch': `NOT paid — the gateway captured ${rupees(result.capturedPaise)} ${result.currency ?? ''} but the order is ${rupees(result.orderTotalPaise)} INR (${txn}); check it with the gateway.`,
    failed: `the gateway says the payment failed (${txn}); nothing changed.`,
    pending: `still pending or unknown at the gateway (${txn}); nothing changed.`,
  };
  return `Order ${result.orderNumber}: ${text[result.action]}`;
}

/** The CLI's lines for a run: one per attempt, then a count of the orders paid. */
export function reconcileLines(results: ReconciledAttempt[]): string[] {
  if (results.length === 0) return ['No open payment attempts to ask the gateway about.'];
  const paid = results.filter((result) => result.action === 'paid' || result.action === 'reinstated').length;
  return [
    ...results.map(reconciledLine),
    `Asked the gateway about ${results.length} attempt${results.length === 1 ? '' : 's'}; ${paid} order${paid === 1 ? '' : 's'} paid.`,
  ];
}

/** Logs of a run by hand: warnings and errors to standard error (never a key, salt or hash). */
const cliLog: ReconcileLogger = {
  info: () => undefined,
  warn: (details, message) => console.error(`Warning: ${message} ${JSON.stringify(details)}`),
  error: (details, message) =>
    console.error(`Error: ${message} ${String((details.err as Error | undefined)?.message ?? '')}`),
};

/**
 * Runs `reconcile`: asks now (whatever each attempt's last check) and returns the lines to print.
 * @throws {CliError} for a bad `--since`, or when no configured gateway can be asked.
 */
export async function reconcileCommand(
  db: Db,
  input: { since?: string; storeId?: number; settings: PaymentSettings; mailFrom: string | undefined },
): Promise<string[]> {
  const since = input.since === undefined ? undefined : parseSince(input.since);
  if (askableKinds(input.settings).length === 0) {
    throw new CliError(
      'No payment gateway to ask: cards, net banking and wallets are not set up (PAYU_KEY and PAYU_SALT, or the test-mode sandbox).',
    );
  }
  const results = await reconcilePayments(db, {
    settings: input.settings,
    since,
    storeId: input.storeId,
    recheck: true,
    mailFrom: input.mailFrom,
    log: cliLog,
  });
  return reconcileLines(results);
}
