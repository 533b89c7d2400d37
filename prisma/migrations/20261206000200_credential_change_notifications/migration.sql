-- Every change that can end or alter what an API key signs in as (the key revoked, expired early, deleted; its
-- user disabled, deleted, or given another role, email or name) is announced on one channel with the user's id,
-- from the database itself, so no code path can forget it and the announcement is delivered only on commit.
-- Web processes cache an API key's owner for a few seconds and drop that user's entries when they hear it
-- (src/server/services/api-keys/api-key-cache.ts): revocation takes effect on the next request in every process.
CREATE FUNCTION "kubebyon_notify_credential_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('kubebyon_credential_changes', CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('kubebyon_credential_changes', OLD."user_id");
  ELSE
    -- A key moved to another user (never done today) announces both.
    PERFORM pg_notify('kubebyon_credential_changes', OLD."user_id");
    IF NEW."user_id" <> OLD."user_id" THEN PERFORM pg_notify('kubebyon_credential_changes', NEW."user_id"); END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "users_credential_change" AFTER UPDATE OF "disabled", "role", "email", "name" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "kubebyon_notify_credential_change"();

CREATE TRIGGER "api_keys_credential_change" AFTER UPDATE OF "revoked_at", "expires_at", "key_hash", "user_id" OR DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION "kubebyon_notify_credential_change"();
