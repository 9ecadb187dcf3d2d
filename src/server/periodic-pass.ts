/**
 * A background pass run on a timer (the payment window, payment reconciliation): {@link PeriodicPass.start}
 * runs one pass at once (the catch-up for what happened while the store was down) and then one every
 * interval, on a timer that does not keep the process alive, never two at a time; {@link PeriodicPass.stop}
 * stops the timer and waits for a pass in progress. A pass reports its own outcome; a rejection is logged
 * with `failureMessage` (while started), never thrown.
 */
export abstract class PeriodicPass {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private started = false;

  /**
   * @param intervalMs between passes, in ms
   * @param log where a failed pass is reported (pino's `log.error(object, message)`)
   * @param failureMessage the log line of a failed pass, e.g. 'looking for unpaid orders failed'
   */
  protected constructor(
    private readonly intervalMs: number,
    private readonly log: { error(object: Record<string, unknown>, message: string): void },
    private readonly failureMessage: string,
  ) {}

  /** One pass: does its work and reports its outcome. */
  protected abstract pass(): Promise<void>;

  /** Starts: a pass now, then one every interval. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.timer = setInterval(() => this.runPass(), this.intervalMs);
    this.timer.unref();
    this.runPass();
  }

  /** Resolves once no pass is running (e.g. after the catch-up pass of {@link start}). */
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

  /** One pass unless one is running. */
  private runPass(): void {
    if (!this.started || this.running) return;
    const pass = this.pass()
      .catch((error: unknown) => {
        if (this.started) this.log.error({ err: error }, this.failureMessage);
      })
      .finally(() => {
        if (this.running === pass) this.running = undefined;
      });
    this.running = pass;
  }
}
