/**
 * The server's message for a failed call, or a fallback. tRPC puts zod failures into `message` as a
 * JSON array of issues unless the server formats them; those are turned back into readable text.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const message = error.message.trim();
  if (message.startsWith("[")) {
    const issues = parseIssueMessages(message);
    if (issues.length > 0) return issues.join(" ");
  }
  return message === "" ? fallback : message;
}

function parseIssueMessages(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map((issue: unknown) => (typeof issue === "object" && issue !== null && "message" in issue ? issue.message : undefined))
      .filter((m): m is string => typeof m === "string" && m !== "");
  } catch {
    return [];
  }
}
