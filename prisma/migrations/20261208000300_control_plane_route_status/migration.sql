-- The Gateway controller's verdict on a control plane's TLSRoute (public access provider gatewayapi, issue 27), re-read
-- by the control-plane-routes task: null when the cluster has no such route (another provider or mode).
CREATE TYPE "ControlPlaneRouteStatus" AS ENUM ('pending', 'ready', 'error');
ALTER TABLE "clusters" ADD COLUMN "control_plane_route_status" "ControlPlaneRouteStatus",
    ADD COLUMN "control_plane_route_message" TEXT,
    ADD COLUMN "control_plane_route_checked_at" TIMESTAMPTZ(6);
