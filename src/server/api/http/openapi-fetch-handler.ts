import { TRPCError } from "@trpc/server";
import { createOpenApiNodeHttpHandler, type OpenApiRouter } from "trpc-to-openapi";

type NodeHandlerOptions = Parameters<typeof createOpenApiNodeHttpHandler>[0];

export interface OpenApiFetchHandlerOptions<TContext> {
  /** The path prefix the REST routes are mounted under, e.g. "/api/console". */
  endpoint: string;
  router: OpenApiRouter;
  createContext: (req: Request, requestId: string) => Promise<TContext>;
  responseMeta?: NodeHandlerOptions["responseMeta"];
}

const REQUEST_ID = Symbol("kubebyon.requestId");

/** The part of a Node response the handler writes to. */
interface ResponseSink {
  statusCode: number;
  setHeader(key: string, value: string | readonly string[]): void;
  end(text?: string): void;
}

/**
 * The REST adapter for fetch-style route handlers, built once per process. trpc-to-openapi's own fetch
 * adapter builds its procedure table (every route's path pattern) on every request; measured, that was the
 * largest cost of a trivial authenticated request after the database (docs/benchmarks.md, bench:api).
 */
export function createOpenApiFetchHandler<TContext>(opts: OpenApiFetchHandlerOptions<TContext>): (req: Request, requestId: string) => Promise<Response> {
  const nodeHandler = createOpenApiNodeHttpHandler({
    router: opts.router,
    createContext: ({ req }: { req: Request & { [REQUEST_ID]?: string } }) => opts.createContext(req, req[REQUEST_ID] ?? ""),
    responseMeta: opts.responseMeta,
  } as unknown as NodeHandlerOptions);

  return async (original, requestId) => {
    const url = original.url.replace(opts.endpoint, "");
    const body = await readJsonBody(original);
    // The handler reads `url` (without the mount prefix) and an already parsed `body`, like a Node request after a body parser.
    const req = new Proxy(original, {
      get(target, prop) {
        if (prop === "url") return url;
        if (prop === REQUEST_ID) return requestId;
        if (prop === "body") {
          if (!body.ok) throw new TRPCError({ code: "PARSE_ERROR", message: "The request body is not valid JSON.", cause: body.cause });
          return body.value;
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    return new Promise<Response>((resolve, reject) => {
      const headers = new Headers();
      let status = 200;
      const res: ResponseSink = {
        get statusCode() {
          return status;
        },
        set statusCode(code: number) {
          status = code;
        },
        setHeader(key: string, value: string | readonly string[]) {
          if (typeof value === "string") headers.set(key, value);
          else for (const v of value) headers.append(key, v);
        },
        end(text?: string) {
          resolve(new Response(text, { status, headers }));
        },
      };
      (nodeHandler as unknown as (req: Request, res: ResponseSink) => Promise<void>)(req, res).catch(reject);
    });
  };
}

type JsonBody = { ok: true; value: unknown } | { ok: false; cause: unknown };

/** Only JSON bodies are read; the handler answers 415 for a body of another type before it asks for one. */
async function readJsonBody(req: Request): Promise<JsonBody> {
  if (req.method === "GET" || req.method === "HEAD" || !req.headers.get("content-type")?.includes("application/json")) return { ok: true, value: undefined };
  const text = await req.text();
  if (!text) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (cause) {
    return { ok: false, cause };
  }
}
