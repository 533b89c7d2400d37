-- Plans size their clusters' control planes (vcluster chart controlPlane.statefulSet.resources and the
-- data volume); the defaults are the chart's own, so existing plans keep what their clusters run today.
ALTER TABLE "plans" ADD COLUMN "control_plane_cpu_request" TEXT NOT NULL DEFAULT '200m',
ADD COLUMN "control_plane_cpu_limit" TEXT,
ADD COLUMN "control_plane_memory_request" TEXT NOT NULL DEFAULT '256Mi',
ADD COLUMN "control_plane_memory_limit" TEXT DEFAULT '4Gi',
ADD COLUMN "control_plane_ephemeral_storage_request" TEXT NOT NULL DEFAULT '1Gi',
ADD COLUMN "control_plane_ephemeral_storage_limit" TEXT DEFAULT '10Gi',
ADD COLUMN "control_plane_data_volume_size" TEXT NOT NULL DEFAULT '5Gi',
ADD COLUMN "control_plane_storage_class" TEXT;

-- Each cluster's snapshot of it, taken with the quota snapshot.
ALTER TABLE "clusters" ADD COLUMN "control_plane_cpu_request" TEXT,
ADD COLUMN "control_plane_cpu_limit" TEXT,
ADD COLUMN "control_plane_memory_request" TEXT,
ADD COLUMN "control_plane_memory_limit" TEXT,
ADD COLUMN "control_plane_ephemeral_storage_request" TEXT,
ADD COLUMN "control_plane_ephemeral_storage_limit" TEXT,
ADD COLUMN "control_plane_data_volume_size" TEXT,
ADD COLUMN "control_plane_storage_class" TEXT;

-- Clusters on a plan ran the chart's default resources (nobody passed any). Their data volume is left
-- NULL: it is whatever the values file gave it, and a StatefulSet's volume claim cannot be changed.
UPDATE "clusters" SET
  "control_plane_cpu_request" = '200m',
  "control_plane_memory_request" = '256Mi',
  "control_plane_memory_limit" = '4Gi',
  "control_plane_ephemeral_storage_request" = '1Gi',
  "control_plane_ephemeral_storage_limit" = '10Gi'
WHERE "plan_id" IS NOT NULL;
