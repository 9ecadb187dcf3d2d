// Node.js flags of the owner's command-line tools (`npm run catalog:import`, `npm run orders`), shared by
// scripts/run-cli.mjs and the benchmarks that measure those tools. Both trade a little speed for memory, which
// a one-off command can afford (importing 5,000 products × 10 variants: about 410 MB of peak RSS without them,
// about 215 MB with them, and some 10 % more CPU time; docs/benchmarks.md):
// - `--optimize-for-size`: V8 collects garbage sooner and keeps a smaller heap. An import makes a lot of
//   short-lived garbage (the parsed file, its validated copy, each batch's rows), which the heap otherwise grows
//   to hold.
// - `--liftoff-only`: the embedded database's WebAssembly runs as compiled by V8's baseline compiler only,
//   without the optimised second compilation that holds some 80 MB of machine code.
export const CLI_NODE_FLAGS = ['--optimize-for-size', '--liftoff-only'];
