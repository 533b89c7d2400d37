-- One row per process that runs background work (the worker; the web process in single-node mode), written by its
-- process-heartbeat task: when it last beat and what each of its background tasks is doing. The admin's Platform
-- health page reads it, because workers serve no page of their own to ask. A process deletes its row when it stops
-- cleanly; rows silent for a day are deleted by any live process.
CREATE TABLE "process_heartbeats" (
    "id" TEXT NOT NULL,
    "process" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(6) NOT NULL,
    "beat_at" TIMESTAMPTZ(6) NOT NULL,
    "interval_ms" INTEGER NOT NULL,
    "tasks" JSONB NOT NULL,

    CONSTRAINT "process_heartbeats_pkey" PRIMARY KEY ("id")
);
