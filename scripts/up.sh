#!/bin/sh
# `npm run up`: install what is missing, generate the Prisma client, then hand
# over to scripts/up.ts (embedded PostgreSQL when DATABASE_URL is unset,
# production build when stale, `next start`), all on the Node.js pinned in
# package.json (scripts/lib/pinned-node.sh).
set -eu
cd "$(dirname "$0")/.."
. scripts/lib/pinned-node.sh
npm run -s db:generate
exec node --import tsx scripts/up.ts "$@"
