-- Changing a cluster's served public name (control_plane_host, or the mode that decides which name is in the
-- certificate) keeps the name it replaces in the serving certificate until previous_control_plane_host_until,
-- so nodes that joined on the old name keep working for a grace period (KUBEBYON_SAN_GRACE_HOURS).
-- Only one previous name is kept: a second change during the grace replaces it.
ALTER TABLE "clusters" ADD COLUMN "previous_control_plane_host" TEXT,
ADD COLUMN "previous_control_plane_host_until" TIMESTAMPTZ(6),
ADD COLUMN "control_plane_host_changed_at" TIMESTAMPTZ(6);
