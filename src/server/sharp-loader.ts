/**
 * sharp (libvips), loaded with the first image the server decodes rather than at start: most processes never
 * touch an image (the storefront's pictures are files), and loading it costs about 20 MB of memory and some
 * 60 ms (docs/benchmarks.md "Memory and start"). Configured for a small server once loaded:
 * - `sharp.cache(false)`: no libvips operation cache (by default up to 50 MB kept for repeats of the same
 *   operation on the same input, which uploads and preview cards never are);
 * - `sharp.concurrency(1)`: one libvips worker thread per image; uploads are rare owner actions, and the
 *   server's other cores serve shoppers and the database.
 */
import type { default as Sharp } from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/** Resolves to sharp's default export, loading and configuring it on the first call. */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
