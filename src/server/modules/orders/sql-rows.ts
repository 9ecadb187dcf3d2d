/** Reading the answer of a raw `db.execute(sql…)` the same way on both drivers. */

/** The rows of a raw `execute()`: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}
