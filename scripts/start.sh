#!/bin/sh
# `npm start`: runs scripts/start.mjs (build what is missing, then the server) in this process, with the
# settings Node takes only at start when MEMORY is small (the default); scripts/server-process-settings.mjs
# says what each does, and a unit test keeps the two files alike.
set -e
cd "$(dirname "$0")/.."
if [ "${MEMORY:-small}" = fast ]; then
  exec node scripts/start.mjs "$@"
fi
GLIBC_TUNABLES='glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072'
export GLIBC_TUNABLES
exec node --max-semi-space-size=2 scripts/start.mjs "$@"
