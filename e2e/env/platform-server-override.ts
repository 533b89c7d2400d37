import type { KubeconfigResolver, ResolveKubeconfigInput } from "@/server/services/clusters/kubeconfig-resolver";

/**
 * The address the platform itself uses for a cluster, when the real one
 * (Service DNS or the public endpoint) cannot exist in the test environment:
 * a stand-in vCluster listens on a loopback port instead. Wraps the production
 * resolver, so the user-facing endpoint and kubeconfig are still derived from
 * the Service exactly as in production; only `credentials.server` is replaced
 * for the namespaces `serverFor` knows. Test-only; production has no such switch.
 */
export function withPlatformServerOverride(resolver: KubeconfigResolver, serverFor: (input: ResolveKubeconfigInput) => string | undefined): KubeconfigResolver {
  return {
    async resolve(input) {
      const resolved = await resolver.resolve(input);
      const server = serverFor(input);
      return server ? { ...resolved, credentials: { ...resolved.credentials, server } } : resolved;
    },
    probe: (credentials, options) => resolver.probe(credentials, options),
  };
}
