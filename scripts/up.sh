#!/bin/sh
# `npm run up`: install what is missing, generate the Prisma client, then hand
# over to scripts/up.ts (embedded PostgreSQL when DATABASE_URL is unset,
# production build when stale, `next start`).
set -eu
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "kubebyon: installing dependencies (npm ci)…"
  npm ci --no-audit --no-fund
fi
npm run -s db:generate
exec node --import tsx scripts/up.ts "$@"
