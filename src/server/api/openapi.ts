import { generateOpenApiDocument } from "trpc-to-openapi";
import { readSystemSettings } from "@/server/services/settings/read-system-settings";
import type { ApiDeps } from "./api-runtime";
import { appRouter } from "./root";

/** Where the REST adapter is mounted (src/app/api/console/[...path]/route.ts). */
export const REST_BASE_PATH = "/api/console";

let cached: ReturnType<typeof generateOpenApiDocument> | undefined;

/** The REST contract of every procedure that has OpenAPI meta; `servers` says where to call it. */
export function openApiDocument(serverUrl: string = REST_BASE_PATH) {
  // The paths never change while the process runs; only `servers` depends on the settings.
  cached ??= generateOpenApiDocument(appRouter, {
    title: "KubeBYON console API",
    description:
      "REST view of the console procedures. Authenticate with `Authorization: Bearer <API key>` (create keys in the console) or the `kubebyon_session` cookie.",
    version: "0.1.0",
    baseUrl: REST_BASE_PATH,
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
  });
  return { ...cached, servers: [{ url: serverUrl }] };
}

/**
 * The `servers` URL clients should call: the admin's `public_base_url` when set, else relative to
 * wherever the document was fetched from. Never the address the request reached the process on
 * (behind a proxy, or bound to 0.0.0.0, that is an address no client can use).
 */
export function openApiServerUrl(publicBaseUrl: string | null): string {
  return publicBaseUrl ? `${publicBaseUrl.replace(/\/+$/, "")}${REST_BASE_PATH}` : REST_BASE_PATH;
}

/** The document /api/openapi.json serves, with `servers` from the current system settings. */
export async function servedOpenApiDocument(deps: Pick<ApiDeps, "db">) {
  const { publicBaseUrl } = await readSystemSettings(deps);
  return openApiDocument(openApiServerUrl(publicBaseUrl));
}
