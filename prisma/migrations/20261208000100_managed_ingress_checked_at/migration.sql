-- When the platform last read the managed ingress controller inside the vCluster: the managed-ingress-check task's
-- pass, or a reconcile that ended ready or error. Users read "checked …" next to the status; null: never checked.
ALTER TABLE "clusters" ADD COLUMN "managed_workload_ingress_checked_at" TIMESTAMPTZ(6);
