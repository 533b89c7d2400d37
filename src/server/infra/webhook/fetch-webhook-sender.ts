import type { WebhookSender } from "@/server/services/notifications/notification-deps";

const USER_AGENT = "KubeBYON-Webhook/1";

/**
 * POSTs with Node's fetch. Redirects are not followed (a 3xx is a failure):
 * following them would send the signed body to a place the user never
 * configured. The whole exchange is bounded by the administrator's timeout.
 */
export class FetchWebhookSender implements WebhookSender {
  async post(request: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }): Promise<void> {
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: "POST",
        body: request.body,
        headers: { ...request.headers, "User-Agent": USER_AGENT },
        redirect: "manual",
        signal: AbortSignal.timeout(request.timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        throw new Error(`No answer within ${request.timeoutMs / 1000} s.`);
      }
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      throw new Error(`Could not reach the webhook URL${cause}`);
    }
    const text = await response.text().catch(() => "");
    if (response.status >= 200 && response.status < 300) return;
    if (response.status >= 300 && response.status < 400) {
      throw new Error(`The receiver answered ${response.status} (redirects are not followed; configure the final URL).`);
    }
    throw new Error(`The receiver answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ""}`);
  }
}
