-- Keyset pagination (issue 16): every list orders by its keys with the id as the unique last key, so each
-- list's index carries the same keys in the same directions and a page is one index range scan. Indexes that
-- the new ones start with are dropped (the longer index serves their lookups too).

DROP INDEX "users_created_at_idx";
CREATE INDEX "users_created_at_id_idx" ON "users"("created_at" DESC, "id" DESC);

DROP INDEX "api_keys_user_id_idx";
CREATE INDEX "api_keys_user_id_created_at_id_idx" ON "api_keys"("user_id", "created_at" DESC, "id" DESC);

DROP INDEX "audit_events_actor_user_id_created_at_idx";
DROP INDEX "audit_events_created_at_idx";
CREATE INDEX "audit_events_actor_user_id_created_at_id_idx" ON "audit_events"("actor_user_id", "created_at" DESC, "id" DESC);
CREATE INDEX "audit_events_created_at_id_idx" ON "audit_events"("created_at" DESC, "id" DESC);

DROP INDEX "notification_deliveries_user_id_created_at_idx";
CREATE INDEX "notification_deliveries_user_id_created_at_id_idx" ON "notification_deliveries"("user_id", "created_at" DESC, "id" DESC);
CREATE INDEX "notification_deliveries_created_at_id_idx" ON "notification_deliveries"("created_at" DESC, "id" DESC);

DROP INDEX "plans_active_sort_idx";
CREATE INDEX "plans_active_sort_created_at_id_idx" ON "plans"("active", "sort", "created_at", "id");
CREATE INDEX "plans_sort_created_at_id_idx" ON "plans"("sort", "created_at", "id");

DROP INDEX "orders_user_id_created_at_idx";
DROP INDEX "orders_status_created_at_idx";
CREATE INDEX "orders_user_id_created_at_id_idx" ON "orders"("user_id", "created_at" DESC, "id" DESC);
CREATE INDEX "orders_created_at_id_idx" ON "orders"("created_at" DESC, "id" DESC);
CREATE INDEX "orders_status_created_at_id_idx" ON "orders"("status", "created_at" DESC, "id" DESC);

DROP INDEX "clusters_owner_id_created_at_idx";
CREATE INDEX "clusters_owner_id_created_at_id_idx" ON "clusters"("owner_id", "created_at" DESC, "id" DESC);
CREATE INDEX "clusters_created_at_id_idx" ON "clusters"("created_at" DESC, "id" DESC);

DROP INDEX "cluster_operations_cluster_id_created_at_idx";
CREATE INDEX "cluster_operations_cluster_id_created_at_id_idx" ON "cluster_operations"("cluster_id", "created_at" DESC, "id" DESC);

CREATE INDEX "join_tokens_cluster_id_created_at_id_idx" ON "join_tokens"("cluster_id", "created_at" DESC, "id" DESC);

DROP INDEX "join_sessions_cluster_id_created_at_idx";
CREATE INDEX "join_sessions_cluster_id_created_at_id_idx" ON "join_sessions"("cluster_id", "created_at" DESC, "id" DESC);

DROP INDEX "kubeconfig_credentials_user_id_created_at_idx";
CREATE INDEX "kubeconfig_credentials_user_id_created_at_id_idx" ON "kubeconfig_credentials"("user_id", "created_at" DESC, "id" DESC);
CREATE INDEX "kubeconfig_credentials_cluster_id_created_at_id_idx" ON "kubeconfig_credentials"("cluster_id", "created_at" DESC, "id" DESC);

DROP INDEX "hostname_bindings_cluster_id_idx";
CREATE INDEX "hostname_bindings_cluster_id_created_at_id_idx" ON "hostname_bindings"("cluster_id", "created_at", "id");
