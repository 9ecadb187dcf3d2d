// How the server's Node.js process is started with MEMORY=small (the default): settings that must be given
// before Node starts, so the server cannot set them on itself (its in-process switch is `--optimize-for-size`,
// src/server/main.ts). `npm start` (scripts/start.sh), the systemd unit in docs/scaling.md, the benchmarks and
// the browser tests' servers (scripts/start-server-process.mjs) all start it this way; a unit test keeps
// scripts/start.sh and docs/scaling.md in step with this file. Measured in docs/benchmarks.md "Memory and start".

/**
 * Node.js flags: V8's young generation at most 2 MB per semi-space (its default grows to 16 MB and stays
 * resident after a burst of requests).
 */
export const SMALL_SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];

/**
 * Environment: glibc's allocator with two arenas instead of one per thread (V8's compiler and collector threads
 * each kept their own, mostly free), and freed blocks over 128 KB (page compression, large query results)
 * handed back to the system at once instead of kept for reuse.
 */
export const SMALL_SERVER_ENV = {
  GLIBC_TUNABLES:
    'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072',
};

/**
 * The flags and environment for a server process started with `memory` (the MEMORY setting; unset is small).
 * @param {string | undefined} memory
 * @returns {{ nodeFlags: string[], env: Record<string, string> }}
 */
export function serverProcessSettings(memory) {
  return memory === 'fast'
    ? { nodeFlags: [], env: {} }
    : { nodeFlags: SMALL_SERVER_NODE_FLAGS, env: SMALL_SERVER_ENV };
}
