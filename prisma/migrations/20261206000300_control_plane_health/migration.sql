-- Control-plane health (issue 27, docs/cluster-runtime.md "Control-plane health"): a leader task probes every live
-- cluster's /readyz and moves connection_status between connected and unreachable, with a debounce whose memory
-- lives in these columns (a new leader continues it), a history table and notifications.

-- Added without a default first, so rows older than this migration say "since: unknown" (null) rather than the
-- migration's time; new rows start their status now.
ALTER TABLE "clusters" ADD COLUMN "connection_status_since" TIMESTAMPTZ(6);
ALTER TABLE "clusters" ALTER COLUMN "connection_status_since" SET DEFAULT CURRENT_TIMESTAMP;
ALTER TABLE "clusters" ADD COLUMN "connection_checked_at" TIMESTAMPTZ(6);
ALTER TABLE "clusters" ADD COLUMN "connection_failing_since" TIMESTAMPTZ(6);
ALTER TABLE "clusters" ADD COLUMN "connection_last_error" TEXT;

-- connection_status has several writers (create/update/delete jobs, the update request, the probe). The time in
-- state is kept by the database so none of them can forget it or reset it by writing the same value again; a
-- writer that sets connection_status_since itself (the probe, with its own clock) keeps its value.
CREATE FUNCTION "kubebyon_connection_status_since"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."connection_status_since" IS NOT DISTINCT FROM OLD."connection_status_since" THEN
    NEW."connection_status_since" := CURRENT_TIMESTAMP;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "clusters_connection_status_since" BEFORE UPDATE OF "connection_status" ON "clusters"
  FOR EACH ROW WHEN (OLD."connection_status" IS DISTINCT FROM NEW."connection_status")
  EXECUTE FUNCTION "kubebyon_connection_status_since"();

CREATE TABLE "cluster_connection_events" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "from_status" "ConnectionStatus" NOT NULL,
    "to_status" "ConnectionStatus" NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cluster_connection_events_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "cluster_connection_events_cluster_id_created_at_id_idx" ON "cluster_connection_events"("cluster_id", "created_at" DESC, "id" DESC);

ALTER TABLE "cluster_connection_events" ADD CONSTRAINT "cluster_connection_events_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;
