import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body exactly as received: signatures are checked over these bytes. */
  body: string;
}

/** How the receiver answers the next requests: a status (with optional Location), or no answer at all. */
export type ReceiverBehaviour = { status: number; body?: string; location?: string } | { hang: true };

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  behave(next: ReceiverBehaviour): void;
  close(): Promise<void>;
}

/** A real HTTP server on loopback that records every request, as a user's webhook endpoint would receive it. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let behaviour: ReceiverBehaviour = { status: 204 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      if ("hang" in behaviour) return; // never answers; the sender's timeout must end it
      res.writeHead(behaviour.status, behaviour.location ? { location: behaviour.location } : {});
      res.end(behaviour.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/kubebyon`,
    received,
    behave: (next) => {
      behaviour = next;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
