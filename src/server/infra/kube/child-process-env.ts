/**
 * The environment helm and kubectl run with. The platform's own environment
 * holds DATABASE_URL, the auth secret, the SMTP password, RabbitMQ's URL …;
 * a child process (and whatever it starts: helm plugins, post-renderers,
 * kubeconfig exec credential plugins) gets none of it, only this allow-list.
 */

/** What any Go CLI needs to find programs, write temp files and reach the network as the operator configured it. */
export const BASE_CHILD_ENV: readonly string[] = [
  "PATH",
  "TMPDIR",
  // An operator's proxy for chart repositories and cluster API servers.
  "HTTPS_PROXY",
  "HTTP_PROXY",
  "NO_PROXY",
  "https_proxy",
  "http_proxy",
  "no_proxy",
  // Private CAs for chart repositories / registries (Go's crypto/x509 reads these).
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
];

export interface ChildEnvOptions {
  /** HOME for the child; unset passes the platform's own HOME through. */
  home?: string;
  /** Further names passed through from the platform's environment when set there. */
  passThrough?: readonly string[];
  /** Values the caller sets itself; they win over passed-through ones. */
  set?: Readonly<Record<string, string>>;
}

/** Builds a child's environment from `source` (the process environment) and nothing else. */
export function childProcessEnv(options: ChildEnvOptions = {}, source: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: Record<string, string> = {};
  for (const name of [...BASE_CHILD_ENV, ...(options.passThrough ?? [])]) {
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  const home = options.home ?? source.HOME;
  if (home !== undefined) env.HOME = home;
  // Next's typings make NODE_ENV a required key of ProcessEnv; a child needs no NODE_ENV.
  return { ...env, ...options.set } as NodeJS.ProcessEnv;
}
