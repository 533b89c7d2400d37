import net from "node:net";

export interface TcpForwarder {
  /** The loopback port it listens on. */
  port: number;
  /** Where connections go from now on; connections waiting for a target start flowing. */
  setTarget(target: string): void;
  /** Stops listening and cuts every open connection, as if the far side vanished. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * A TCP relay on 127.0.0.1 (or another loopback `host`) for tests: plays kube-proxy in front of a stand-in
 * apiserver, or a network path to RabbitMQ that a test can cut. `target` is a
 * URL or host:port; until one is set, accepted connections are held (not
 * refused), so a client that connects a moment early simply waits.
 */
export async function startTcpForwarder(opts: { port?: number; target?: string; host?: string } = {}): Promise<TcpForwarder> {
  const sockets = new Set<net.Socket>();
  const waiting: net.Socket[] = [];
  let target = opts.target ? parseTarget(opts.target) : undefined;

  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => s.destroy());
  };
  const relay = (client: net.Socket, to: { host: string; port: number }) => {
    const upstream = net.connect(to.port, to.host);
    track(upstream);
    // A broken side breaks the other (an orderly end is passed on by pipe()).
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.pipe(upstream).pipe(client);
    client.resume();
  };

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    if (target) relay(client, target);
    else waiting.push(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    port,
    setTarget(next) {
      target = parseTarget(next);
      for (const client of waiting.splice(0)) if (!client.destroyed) relay(client, target);
    },
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      })),
  };
}

function parseTarget(target: string): { host: string; port: number } {
  const url = new URL(target.includes("://") ? target : `tcp://${target}`);
  const port = Number(url.port);
  if (!port) throw new Error(`forwarder target ${target} names no port`);
  return { host: url.hostname.replace(/^\[|\]$/g, ""), port };
}
