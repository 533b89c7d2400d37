-- Retention (docs/retention.md) deletes each table's oldest eligible rows in batches; these indexes let each batch
-- walk its timestamp in order and stop at the batch size. audit_events and notification_deliveries already have
-- one on created_at (the keyset list indexes).

-- CreateIndex
CREATE INDEX "node_events_observed_at_idx" ON "node_events"("observed_at");

-- CreateIndex
CREATE INDEX "cluster_jobs_finished_at_idx" ON "cluster_jobs"("finished_at");

-- CreateIndex
CREATE INDEX "cluster_operations_finished_at_idx" ON "cluster_operations"("finished_at");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE INDEX "sessions_revoked_at_idx" ON "sessions"("revoked_at");

-- CreateIndex
CREATE INDEX "join_sessions_finished_at_idx" ON "join_sessions"("finished_at");

-- CreateIndex
CREATE INDEX "email_verification_codes_expires_at_idx" ON "email_verification_codes"("expires_at");

-- CreateIndex
CREATE INDEX "password_resets_expires_at_idx" ON "password_resets"("expires_at");
