/**
 * The periodic reconciliation (docs/payments.md "Reconciliation"): {@link ReconciliationTimer} runs
 * ./reconciliation.ts's pass when the app is ready (catching up on callbacks lost while the store was down)
 * and then every {@link RECONCILE_INTERVAL_MS}, on a timer that does not keep the process alive, one pass at a
 * time, until stopped when the app closes. Every server runs it; the pass's claims keep two servers from
 * asking about the same attempt (docs/decisions/024-reconciliation.md).
 */
import type { Db } from '../../db/database';
import { PeriodicPass } from '../../periodic-pass';
import {
  RECONCILE_INTERVAL_MS,
  reconcilePayments,
  type ReconciledAttempt,
  type ReconcileLogger,
} from './reconciliation';
import type { PaymentSettings } from './settings';

export type ReconciliationTimerOptions = {
  db: Db;
  settings: PaymentSettings;
  log: ReconcileLogger;
  /** `MAIL_FROM`, for the mails of a payment. */
  mailFrom?: string | undefined;
  /** Between passes (ms; default {@link RECONCILE_INTERVAL_MS}). */
  intervalMs?: number;
  /** Called after a pass that paid an order (e.g. to wake the mail sender). */
  onPaid?: (results: ReconciledAttempt[]) => void;
};

/** Action of a pass's result that wrote mail (the customer's or the shop's). */
const MAILING = new Set(['paid', 'reinstated', 'refund-due']);

export class ReconciliationTimer extends PeriodicPass {
  constructor(private readonly options: ReconciliationTimerOptions) {
    super(options.intervalMs ?? RECONCILE_INTERVAL_MS, options.log, 'reconciling payment attempts failed');
  }

  protected async pass(): Promise<void> {
    const { db, settings, log, mailFrom, onPaid } = this.options;
    const results = await reconcilePayments(db, { settings, mailFrom, log });
    if (results.some((result) => MAILING.has(result.action))) onPaid?.(results);
  }
}
