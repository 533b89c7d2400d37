-- When the workload edge pass last looked at the cluster (issue 27): every pass stamps it, whether or not the status
-- changed, so the console can say how fresh `workload_edge_status` is. `workload_edge_last_synced_at` keeps meaning
-- "when the served state last changed".
ALTER TABLE "clusters" ADD COLUMN "workload_edge_checked_at" TIMESTAMPTZ(6);
