import { generateOpenApiDocument } from "trpc-to-openapi";
import { appRouter } from "./root";

let cached: ReturnType<typeof generateOpenApiDocument> | undefined;

/** The REST contract of every procedure that has OpenAPI meta, served at /api/openapi.json. */
export function openApiDocument(baseUrl: string) {
  cached ??= generateOpenApiDocument(appRouter, {
    title: "KubeBYON console API",
    description:
      "REST view of the console procedures. Authenticate with `Authorization: Bearer <API key>` (create keys in the console) or the `kubebyon_session` cookie.",
    version: "0.1.0",
    baseUrl,
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
  });
  return cached;
}
