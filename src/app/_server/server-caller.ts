import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { createApiContext } from "@/server/api/context";
import { createCaller } from "@/server/api/root";
import { getRuntime } from "@/server/composition/web-runtime";

// One context per request render: the session is resolved once however many components ask.
const getRequestContext = cache(async () => createApiContext(getRuntime(), { headers: new Headers(await headers()), method: "GET" }));

/** tRPC caller for server components: same procedures, same checks, no HTTP hop. */
export const getServerCaller = cache(async () => createCaller(await getRequestContext()));

export interface ViewerSummary {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
}

/** The signed-in user for page guards, or null (pages then redirect to /login). */
export const getViewer = cache(async (): Promise<ViewerSummary | null> => {
  const { viewer } = await getRequestContext();
  if (!viewer) return null;
  const { id, email, name, role } = viewer;
  return { id, email, name, role };
});
