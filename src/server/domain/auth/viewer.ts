export type UserRole = "user" | "admin";

/** Who is calling, however they authenticated. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  auth: { method: "session"; sessionId: string } | { method: "api_key"; apiKeyId: string };
}

export const isAdmin = (viewer: Pick<Viewer, "role">) => viewer.role === "admin";
