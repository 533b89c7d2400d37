#!/bin/sh
# `npm test`: every check and every test, in the order that fails fastest.
# Integration tests use the real PostgreSQL and RabbitMQ of this machine and a
# kube-apiserver/etcd/helm built from Go modules (cached, see docs/testing.md);
# browser tests drive Debian's Chromium against a production build.
set -eu
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH" NEXT_TELEMETRY_DISABLED=1
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
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
