-- Password reset by emailed code as well as by link: the code's hash and its wrong-attempt counter
-- live on the same row as the link token, so using either one consumes the reset.
ALTER TABLE "password_resets" ADD COLUMN "code_hash" TEXT,
ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "max_attempts" INTEGER NOT NULL DEFAULT 5;
