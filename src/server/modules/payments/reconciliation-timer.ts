/**
 * The periodic reconciliation (docs/payments.md "Reconciliation"): {@link ReconciliationTimer} runs
 * ./reconciliation.ts's pass when the app is ready (catching up on callbacks lost while the store was down)
 * and then every {@link RECONCILE_INTERVAL_MS}, on a timer that does not keep the process alive, one pass at a
 * time, until stopped when the app closes. Every server runs it; the pass's claims keep two servers from
 * asking about the same attempt (docs/decisions/024-reconciliation.md).
 */
import type { Db } from '../../db/database';
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

export class ReconciliationTimer {
  private readonly options: ReconciliationTimerOptions;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private started = false;

  constructor(options: ReconciliationTimerOptions) {
    this.options = options;
  }

  /** Starts: a pass now, then one every interval (nothing when no configured gateway can be asked). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.timer = setInterval(() => this.runPass(), this.options.intervalMs ?? RECONCILE_INTERVAL_MS);
    this.timer.unref();
    this.runPass();
  }

  /** Resolves once no pass is running. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops the timer and waits for a pass in progress. */
  async stop(): Promise<void> {
    this.started = false;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  /** One pass unless one is running; its outcome is logged, never thrown. */
  private runPass(): void {
    if (!this.started || this.running) return;
    const { db, settings, log, mailFrom, onPaid } = this.options;
    const pass = reconcilePayments(db, { settings, mailFrom, log })
      .then((results) => {
        if (results.some((result) => MAILING.has(result.action))) onPaid?.(results);
      })
      .catch((error: unknown) => {
        if (this.started) log.error({ err: error }, 'reconciling payment attempts failed');
      })
      .finally(() => {
        if (this.running === pass) this.running = undefined;
      });
    this.running = pass;
  }
}
