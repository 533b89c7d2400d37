-- A job that used up all its attempts is `dead`; `failed` is kept for errors not worth retrying.
-- ADD VALUE may run inside the migration's transaction (PostgreSQL 12+) as long as nothing in the
-- same transaction uses the new value.
ALTER TYPE "ClusterJobStatus" ADD VALUE 'dead';
