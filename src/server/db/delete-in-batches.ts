/**
 * Deleting many rows without holding locks (or, on the embedded database, the single connection) for long:
 * one bounded DELETE after another, letting queued requests use the database between them.
 */
import { rowsOf } from './database';

/**
 * Runs `deleteBatch` (a `DELETE … WHERE id IN (SELECT … LIMIT batchSize) RETURNING 1`) until a batch removes
 * fewer than `batchSize` rows, yielding to queued work between batches.
 * @returns the number of rows removed by all batches together.
 */
export async function deleteInBatches(
  batchSize: number,
  deleteBatch: () => Promise<unknown>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = rowsOf<unknown>(await deleteBatch()).length;
    total += removed;
    if (removed < batchSize) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
