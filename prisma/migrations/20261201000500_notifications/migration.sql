-- Notifications: one signed-webhook endpoint per user (url + HMAC secret).
CREATE TABLE "notification_webhooks" (
    "user_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "notification_webhooks_pkey" PRIMARY KEY ("user_id")
);

ALTER TABLE "notification_webhooks" ADD CONSTRAINT "notification_webhooks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
