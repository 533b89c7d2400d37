/** The session id and secret a served join wrapper carries (the platform mints both for that fetch). */
export function joinSessionFromWrapper(wrapper: string): { id: string; secret: string } {
  const id = /^SESSION_ID='(js_[^']+)'$/m.exec(wrapper)?.[1];
  const secret = /^SESSION_SECRET='([0-9a-f]{64})'$/m.exec(wrapper)?.[1];
  if (!id || !secret) throw new Error(`the response is not a join wrapper with a session:\n${wrapper.slice(0, 400)}`);
  return { id, secret };
}

/**
 * What the wrapper does after its preflight: fetch the vCluster's own /node/join script through the platform,
 * authenticated by the session secret and carrying the join token, as the route handler sees it in-process.
 */
export async function fetchNodeJoinScript(input: { baseUrl: string; wrapper: string; token: string; clientIp: string }): Promise<Response> {
  const { id, secret } = joinSessionFromWrapper(input.wrapper);
  const { GET } = await import("@/app/api/join/sessions/[sessionId]/node-join-script/route");
  const headers = { authorization: `Bearer ${secret}`, "x-join-token": input.token, "x-forwarded-for": input.clientIp };
  return GET(new Request(`${input.baseUrl}/api/join/sessions/${id}/node-join-script`, { headers }), { params: Promise.resolve({ sessionId: id }) });
}
