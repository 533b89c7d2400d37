export const dynamic = "force-dynamic";

/** Liveness only: the process answers. Says nothing about the database or clusters (spec §5.1). */
export function GET() {
  return Response.json({ status: "ok" });
}
