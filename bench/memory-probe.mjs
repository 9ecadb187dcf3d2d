// Loaded into the server by bench/memory.mjs with `node --import`: on SIGUSR2 the server writes where its memory
// is to the file resham-memory-<pid>.json in the temporary folder (JSON): the kernel's figures (/proc/self/status: VmRSS, VmHWM,
// RssAnon, RssFile), Node's (`process.memoryUsage()`: V8's heap, external memory, array buffers), V8's heap
// spaces and the WebAssembly memories (PGlite's heap), whose size is recorded here as they are instantiated.
// Only for the bench: nothing in the app loads it.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const MB = 1024 * 1024;
// A full collection on request (the live heap apart from garbage), without giving the app `--expose-gc`.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc');
const memories = [];

/** Keeps every WebAssembly memory an instance exports (Emscripten modules such as PGlite export theirs). */
function remember(instance) {
  for (const value of Object.values(instance?.exports ?? {}))
    if (value instanceof WebAssembly.Memory) memories.push(new WeakRef(value));
}

// PGlite makes its memory itself (`new WebAssembly.Memory`) and hands it to its module.
const { Memory } = WebAssembly;
WebAssembly.Memory = class extends Memory {
  constructor(...args) {
    super(...args);
    memories.push(new WeakRef(this));
  }
};
const { instantiate, instantiateStreaming } = WebAssembly;
WebAssembly.instantiate = async function (...args) {
  const result = await instantiate.apply(this, args);
  remember(result.instance ?? result);
  return result;
};
if (instantiateStreaming)
  WebAssembly.instantiateStreaming = async function (...args) {
    const result = await instantiateStreaming.apply(this, args);
    remember(result.instance);
    return result;
  };

function kernelFigures() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const figures = {};
  for (const key of ['VmRSS', 'VmHWM', 'RssAnon', 'RssFile', 'RssShmem']) {
    const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
    if (match) figures[key] = Math.round(Number(match[1]) / 1024);
  }
  return figures;
}

function figures() {
  const usage = process.memoryUsage();
  return {
    kernelMb: kernelFigures(),
    nodeMb: Object.fromEntries(Object.entries(usage).map(([key, value]) => [key, Math.round(value / MB)])),
    heapSpacesMb: Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, Math.round(space.space_used_size / MB)]),
    ),
    wasmMemoriesMb: memories
      .map((memory) => memory.deref())
      .filter(Boolean)
      .map((memory) => Math.round(memory.buffer.byteLength / MB)),
  };
}

process.on('SIGUSR2', () => {
  const report = figures();
  collect();
  report.afterFullGc = figures();
  const file = join(tmpdir(), `resham-memory-${process.pid}.json`);
  writeFileSync(`${file}.part`, JSON.stringify(report));
  renameSync(`${file}.part`, file);
});
