import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RouteServerRoute {
  method: "GET" | "POST";
  /** Matched against the path; capture groups are handed to `handle`. */
  path: RegExp;
  handle(req: Request, params: string[]): Promise<Response>;
}

export interface RouteServer {
  /** http://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

/**
 * Serves the platform's own route handlers over real HTTP on loopback, for clients that are real programs (the join
 * wrapper run by sh and curl). Like Next.js, it appends the socket peer to X-Forwarded-For and hands the handler a
 * Fetch Request; anything unmatched is 404.
 */
export async function startRouteServer(routes: readonly RouteServerRoute[]): Promise<RouteServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const route = routes.find((r) => r.method === req.method && r.path.test(url.pathname));
      if (!route) {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const peer = req.socket.remoteAddress?.replace(/^::ffff:/, "") ?? "";
      headers.set("x-forwarded-for", [req.headers["x-forwarded-for"], peer].filter(Boolean).join(", "));
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const request = new Request(`http://127.0.0.1${req.url ?? "/"}`, { method: req.method, headers, body });
      route.handle(request, route.path.exec(url.pathname)!.slice(1)).then(
        async (answer) => {
          res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
          res.end(Buffer.from(await answer.arrayBuffer()));
        },
        (err: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(`route failed: ${String(err)}\n`),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
