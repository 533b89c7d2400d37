-- Control-plane metrics (issue 14, docs/metrics.md). Nothing wrote the previous table, so it is rebuilt:
-- per-cluster samples keyed by (cluster, resolution raw|5m|1h, time); the columns no scrape of a vCluster
-- API server can fill (cpu, memory, etcd size, pod count) are gone.
DROP TABLE "control_plane_metric_samples";

CREATE TABLE "control_plane_metric_samples" (
    "cluster_id" TEXT NOT NULL,
    "resolution" TEXT NOT NULL,
    "sampled_at" TIMESTAMPTZ(6) NOT NULL,
    "sample_count" INTEGER NOT NULL DEFAULT 1,
    "api_request_rate" DOUBLE PRECISION,
    "api_error_rate" DOUBLE PRECISION,
    "api_latency_p50_ms" DOUBLE PRECISION,
    "api_latency_p99_ms" DOUBLE PRECISION,
    "api_inflight_requests" DOUBLE PRECISION,
    "stored_objects" JSONB,
    "node_count" DOUBLE PRECISION,
    "ready_node_count" DOUBLE PRECISION,
    "probe_latency_ms" DOUBLE PRECISION,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "control_plane_metric_samples_pkey" PRIMARY KEY ("cluster_id","resolution","sampled_at")
);

-- Retention deletes and the latest-sample read of the Prometheus view go by resolution and time.
CREATE INDEX "control_plane_metric_samples_resolution_sampled_at_idx" ON "control_plane_metric_samples"("resolution", "sampled_at");

ALTER TABLE "control_plane_metric_samples" ADD CONSTRAINT "control_plane_metric_samples_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;
