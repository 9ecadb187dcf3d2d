// `node bench/cpu-profile-summary.mjs <file.cpuprofile> [top] [last seconds]`: where a CPU profile's time went, as text. A
// profile written by `node --cpu-prof` (e.g. the server under bench/fast-path.mjs with
// SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof') is summed up by self time, per function and per
// area (a package in node_modules, Node's own code, a file of the built server), each as a share of the busy
// time (the samples not idle), so that two profiles of different lengths compare.
import { readFileSync } from 'node:fs';

const [file, topArgument, lastArgument] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [top] [last seconds]');
  process.exit(2);
}
const top = Number(topArgument ?? 30);
/** Only the samples of the profile's last this many seconds (e.g. the load, not the start-up); all when 0. */
const lastUs = Number(lastArgument ?? 0) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
const from = lastUs > 0 ? profile.endTime - lastUs : profile.startTime;
let at = profile.startTime;
profile.samples.forEach((id, index) => {
  at += profile.timeDeltas[index] ?? 0;
  if (at >= from) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

/** Where a function's code lives: a package, Node's internals, a built file, or V8 itself. */
function areaOf(url) {
  if (!url) return '(V8 and native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  const built = /dist\/(.+)$/.exec(url);
  return built ? built[1] : url;
}

const byFunction = new Map();
const byArea = new Map();
let busy = 0;
let total = 0;
for (const [id, us] of selfUs) {
  const { callFrame } = nodes.get(id);
  total += us;
  if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') continue;
  busy += us;
  const where = callFrame.url ? `${areaOf(callFrame.url)}:${callFrame.lineNumber + 1}` : '';
  const name = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  const area =
    callFrame.functionName === '(garbage collector)' ? '(garbage collector)' : areaOf(callFrame.url);
  byArea.set(area, (byArea.get(area) ?? 0) + us);
}

// Inclusive time: a function's own time and that of everything it called, counted once per call stack (a
// recursive function's inner calls are not added again).
const inclusive = new Map();
const visit = (id, open) => {
  const node = nodes.get(id);
  const { callFrame } = node;
  const where = callFrame.url ? `${areaOf(callFrame.url)}:${callFrame.lineNumber + 1}` : '';
  const name = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
  const ignored =
    callFrame.functionName === '(idle)' ||
    callFrame.functionName === '(program)' ||
    callFrame.functionName === '(root)';
  let sum = ignored ? 0 : (selfUs.get(id) ?? 0);
  const nowOpen = ignored || open.has(name) ? open : new Set(open).add(name);
  for (const child of node.children ?? []) sum += visit(child, nowOpen);
  if (!ignored && !open.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + sum);
  return sum;
};
visit(profile.nodes[0].id, new Set());

const share = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${share(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
};
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (not idle or "program")`,
);
print('By area (self time, share of busy time)', byArea);
print('By function (self time)', byFunction);
print('By function (inclusive time)', inclusive);
