/**
 * Work a route does after its answer has gone, one task at a time in arrival order. The reset request
 * answers the same words at once for every e-mail and only then looks the address up and writes the token and
 * the mail, so how long the answer takes says nothing about whether the address has an account (OWASP Forgot
 * Password Cheat Sheet: "ensure that responses return in a consistent amount of time").
 *
 * Tasks run after the current turn of the event loop (the answer is written first), one after another, so a
 * burst of requests never runs many database transactions at once. A task's failure is logged and the next
 * one runs. Past `maxPending` waiting tasks new ones are dropped with a warning (a memory bound under a flood;
 * the rate limits keep a normal shop far below it). Waiting tasks are lost if the process stops; the person
 * asks again.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Waiting tasks kept before new ones are dropped. */
export const MAX_PENDING_TASKS = 1_000;

export class AfterResponseQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  /**
   * @param name names the queue in log lines.
   * @param log where failures and dropped tasks are reported (never with the task's data).
   */
  constructor(
    private readonly name: string,
    private readonly log: FastifyBaseLogger,
    private readonly maxPending = MAX_PENDING_TASKS,
  ) {}

  /** Queues `task` to run after the tasks before it; false when it was dropped (queue full). */
  push(task: () => Promise<void>): boolean {
    if (this.pending >= this.maxPending) {
      this.log.warn({ queue: this.name }, 'background queue full: task dropped');
      return false;
    }
    this.pending += 1;
    this.tail = this.tail
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error, queue: this.name }, 'background task failed'))
      .finally(() => {
        this.pending -= 1;
      });
    return true;
  }

  /** Resolves once every task queued so far has finished (successfully or not). */
  idle(): Promise<void> {
    return this.tail;
  }
}

// The queues of each app, by its HTTP server (shared by the app and every plugin scope inside it).
const queuesByApp = new WeakMap<object, AfterResponseQueue[]>();

/** Records `queue` as one of `app`'s, so {@link afterResponseWorkDone} can wait for it. */
export function trackQueue(app: FastifyInstance, queue: AfterResponseQueue): void {
  const queues = queuesByApp.get(app.server) ?? [];
  queues.push(queue);
  queuesByApp.set(app.server, queues);
}

/**
 * Resolves once every task queued so far by `app`'s routes has finished: for shutdown and for tests that
 * check what a request did after its answer.
 */
export async function afterResponseWorkDone(app: FastifyInstance): Promise<void> {
  await Promise.all((queuesByApp.get(app.server) ?? []).map((queue) => queue.idle()));
}
