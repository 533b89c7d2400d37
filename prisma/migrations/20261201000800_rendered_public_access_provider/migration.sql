-- The public access provider (KUBEBYON_PUBLIC_ACCESS_PROVIDER) each control plane was last rendered with, so a
-- deployment that changes the provider re-renders its loadbalancer clusters (Service type, TLSRoute). Every
-- control plane rendered before the setting existed was rendered as servicelb (a LoadBalancer Service).
ALTER TABLE "clusters" ADD COLUMN "rendered_public_access_provider" TEXT;
UPDATE "clusters" SET "rendered_public_access_provider" = 'servicelb' WHERE "status" <> 'deleted';
