-- Avatars are stored in the database (one row per user, replaced on upload), so every web
-- process serves the same image without shared storage; see docs/profile.md.
CREATE TABLE "user_avatars" (
    "user_id" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "byte_size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "user_avatars_pkey" PRIMARY KEY ("user_id")
);

ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Email change codes are sent to the new address but belong to the account that asked for them.
ALTER TABLE "email_verification_codes" ADD COLUMN "user_id" TEXT;

CREATE INDEX "email_verification_codes_user_id_idx" ON "email_verification_codes"("user_id");

ALTER TABLE "email_verification_codes" ADD CONSTRAINT "email_verification_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
