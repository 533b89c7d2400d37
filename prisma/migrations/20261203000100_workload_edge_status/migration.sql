-- What the workload edge syncer last did for each cluster and hostname binding (issue 13, docs/workload-edge.md
-- "Status"): disabled until the deployment turns the workload Gateway on and the cluster's managed ingress is ready.
CREATE TYPE "WorkloadEdgeStatus" AS ENUM ('disabled', 'pending', 'ready', 'error');
CREATE TYPE "WorkloadEdgeBackend" AS ENUM ('pod_ip', 'node_port', 'none');

ALTER TABLE "clusters" ADD COLUMN "workload_edge_status" "WorkloadEdgeStatus" NOT NULL DEFAULT 'disabled',
ADD COLUMN "workload_edge_message" TEXT,
ADD COLUMN "workload_edge_backend" "WorkloadEdgeBackend",
ADD COLUMN "workload_edge_last_synced_at" TIMESTAMPTZ(6),
ADD COLUMN "workload_edge_last_error" TEXT,
ADD COLUMN "workload_edge_last_error_at" TIMESTAMPTZ(6);

ALTER TABLE "hostname_bindings" ADD COLUMN "workload_edge_status" "WorkloadEdgeStatus" NOT NULL DEFAULT 'disabled',
ADD COLUMN "workload_edge_message" TEXT;
