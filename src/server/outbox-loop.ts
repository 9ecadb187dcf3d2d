/**
 * The timer of an outbox sender (mails, order messages, webhook deliveries): {@link OutboxLoop.start} ticks at
 * once (what was waiting while the store was down), then every interval, and soon after each {@link
 * OutboxLoop.wake} (something was just written to the outbox). Ticks run one after another: a tick asked while
 * one runs waits for it, never runs beside it. {@link OutboxLoop.stop} stops the timer and waits for a tick in
 * progress; what is still waiting stays in the outbox for the next start. A failed tick (e.g. the database is
 * down) is logged with `failureMessage`, never thrown. Timers never keep the process alive.
 *
 * Unlike a periodic pass (./periodic-pass.ts), which skips a pass while one runs, a wake-up here queues a tick
 * behind the running one: the row just written may have missed the running tick's claim.
 */

/** What asked for a tick: the interval timer (and the first tick of start) or a wake-up. */
export type TickCause = 'timer' | 'wake';

export type OutboxLoopSettings = {
  /** Between timer ticks, in ms. */
  intervalMs: number;
  /** From a wake-up to its tick, in ms (wake-ups within it share one tick). */
  wakeDelayMs: number;
  /** One tick of the sender. */
  tick: (cause: TickCause) => Promise<unknown>;
  /** Where a failed tick is reported (pino's `log.error(object, message)`). */
  log: { error(object: Record<string, unknown>, message: string): void };
  /** The log line of a failed tick, e.g. 'webhook outbox tick failed'. */
  failureMessage: string;
  /** Subscribes `wake` to the sender's "written to the outbox" signal while started; returns the unsubscribe. */
  subscribe?: (wake: () => void) => () => void;
};

export class OutboxLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private wakeQueued = false;
  private started = false;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly settings: OutboxLoopSettings) {}

  /** Starts ticking: now, then every interval, and soon after each wake-up. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.timer = setInterval(() => this.runTick('timer'), this.settings.intervalMs);
    this.timer.unref();
    this.unsubscribe = this.settings.subscribe?.(() => this.wake());
    this.runTick('timer');
  }

  /** Asks for a tick within the wake delay; does nothing unless started. */
  wake(): void {
    if (!this.started || this.wakeQueued) return;
    this.wakeQueued = true;
    setTimeout(() => {
      this.wakeQueued = false;
      this.runTick('wake');
    }, this.settings.wakeDelayMs).unref();
  }

  /** Stops the timer and the wake-ups, and waits for a tick in progress. */
  async stop(): Promise<void> {
    this.started = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
  }

  /** One tick after the running one (if still started then), its failure logged. */
  private runTick(cause: TickCause): void {
    if (!this.started) return;
    const previous = this.running ?? Promise.resolve();
    const current: Promise<unknown> = previous
      .then(() => (this.started ? this.settings.tick(cause) : undefined))
      .catch((error: unknown) => this.settings.log.error({ err: error }, this.settings.failureMessage))
      .finally(() => {
        if (this.running === current) this.running = undefined;
      });
    this.running = current;
  }
}
