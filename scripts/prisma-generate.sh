#!/bin/sh
# Generates the Prisma client into src/server/infra/db/generated/prisma.
# `prisma generate` itself needs no schema engine, but the CLI insists on one existing and tries to
# download it; this machine (and CI) has no network for that, so point it at any existing file and
# tell it not to verify checksums, download engines or phone home.
set -eu
cd "$(dirname "$0")/.."
export PRISMA_SCHEMA_ENGINE_BINARY="${PRISMA_SCHEMA_ENGINE_BINARY:-$(command -v node)}"
export PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING=1
export PRISMA_SKIP_POSTINSTALL_GENERATE=1
export PRISMA_HIDE_UPDATE_MESSAGE=1
export CHECKPOINT_DISABLE=1
exec npx --no-install prisma generate --schema prisma/schema.prisma "$@"
