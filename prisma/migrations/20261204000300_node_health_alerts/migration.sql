-- Node health alerts (issue 14 part 4, docs/cluster-runtime.md "Node health alerts"): one row per alert
-- episode, written by the evaluator with conditional updates so two evaluators never notify twice.
CREATE TYPE "NodeAlertKind" AS ENUM ('unhealthy', 'version_skew', 'node_limit');

-- The vCluster's /version as the node observer last read it (kubelet version-skew alert).
ALTER TABLE "clusters" ADD COLUMN "control_plane_version" TEXT;

CREATE TABLE "node_alerts" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "node_name" TEXT NOT NULL,
    "kind" "NodeAlertKind" NOT NULL,
    "dedupe_key" TEXT,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "opened_at" TIMESTAMPTZ(6) NOT NULL,
    "notified_at" TIMESTAMPTZ(6),
    "resolved_at" TIMESTAMPTZ(6),
    "recovery_notified_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "node_alerts_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "node_alerts_cluster_id_kind_node_name_dedupe_key_key" ON "node_alerts"("cluster_id", "kind", "node_name", "dedupe_key");
CREATE INDEX "node_alerts_cluster_id_resolved_at_idx" ON "node_alerts"("cluster_id", "resolved_at");
CREATE INDEX "node_alerts_cluster_id_node_name_kind_notified_at_idx" ON "node_alerts"("cluster_id", "node_name", "kind", "notified_at" DESC);

ALTER TABLE "node_alerts" ADD CONSTRAINT "node_alerts_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- `node.offline` was sent at once on every offline event (a flapping node flooded); it is replaced by
-- the debounced `node.unhealthy`. A user's saved choice for the old event carries over to the new one.
INSERT INTO "notification_preferences" ("id", "user_id", "channel", "event", "enabled", "created_at", "updated_at")
SELECT 'ntf_' || md5(p."id" || ':node.unhealthy'), p."user_id", p."channel", 'node.unhealthy', p."enabled", p."created_at", CURRENT_TIMESTAMP
FROM "notification_preferences" p
WHERE p."event" = 'node.offline'
ON CONFLICT ("user_id", "channel", "event") DO NOTHING;
DELETE FROM "notification_preferences" WHERE "event" = 'node.offline';
