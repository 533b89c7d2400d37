import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

let written: string | undefined;

/**
 * A host kubeconfig whose apiserver is not running: loopback port 2 refuses connections (nothing
 * binds that privileged port here; port 1 would not do, fetch refuses it as a "bad port" before
 * connecting).
 * Suites that only drive the API's rows still need a configured host cluster (a create is
 * refused with 503 without one); any job that does run fails like it would against a host
 * that is down: no answer, so it retries.
 */
export function downHostKubeconfig(): string {
  if (written) return written;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "kubebyon-down-host-")), "kubeconfig");
  writeFileSync(
    file,
    [
      "apiVersion: v1",
      "kind: Config",
      "clusters: [{ name: down, cluster: { server: 'https://127.0.0.1:2', insecure-skip-tls-verify: true } }]",
      "users: [{ name: nobody, user: { token: not-a-real-token } }]",
      "contexts: [{ name: down, context: { cluster: down, user: nobody } }]",
      "current-context: down",
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
  written = file;
  return file;
}
