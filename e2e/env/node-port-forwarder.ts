import net from "node:net";

export interface NodePortForwarder {
  port: number;
  close(): Promise<void>;
}

/**
 * Plays kube-proxy for one NodePort: 127.0.0.1:<nodePort> on this machine
 * forwards TCP to the stand-in vCluster apiserver. With control_plane_host
 * 127.0.0.1, the platform then reaches a cluster exactly as in production
 * (https://<control_plane_host>:<nodePort>, TLS verified against the
 * vCluster CA, whose certificate lists 127.0.0.1) with no test-only switch.
 */
export async function forwardNodePort(nodePort: number, target: string): Promise<NodePortForwarder> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(nodePort, "127.0.0.1", () => resolve());
  });
  return {
    port: nodePort,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
