#!/bin/sh
# `npm test`: every check and every test, in the order that fails fastest.
# Integration tests use the real PostgreSQL and RabbitMQ of this machine and a
# kube-apiserver/etcd/helm built from Go modules (cached, see docs/testing.md);
# browser tests drive Debian's Chromium against a production build. Everything
# runs on the Node.js pinned in package.json (scripts/lib/pinned-node.sh).
set -eu
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH" NEXT_TELEMETRY_DISABLED=1
bash scripts/prepare-test-machine.sh
. scripts/lib/pinned-node.sh
step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }
started=$(date +%s)
step "prisma generate";        npm run -s db:generate
step "typecheck (tsc)";        npx tsc --noEmit -p .
step "lint (eslint)";          npx eslint . --max-warnings=0
step "layering (dependency-cruiser, service-area cycles)"; npm run -s deps:check
step "unit tests";             npx vitest run --project unit
step "integration tests (PostgreSQL, RabbitMQ, kube-apiserver, helm)"; npx vitest run --project integration
step "e2e tests (next start over HTTP, Chromium)"; npx vitest run --project e2e
step "all green in $(( $(date +%s) - started ))s"
