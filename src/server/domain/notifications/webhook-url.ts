import { z } from "zod";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Webhook endpoints must use https (the payload names clusters and nodes);
 * plain http is accepted only for loopback receivers on the platform's own
 * host (local development and the tests' receiver). No credentials in the URL:
 * the HMAC secret is how the receiver authenticates us.
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2048, "Use a URL of at most 2048 characters.")
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "Enter a full URL such as https://hooks.example.com/kubebyon." });
      return;
    }
    const loopbackHttp = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
    if (url.protocol !== "https:" && !loopbackHttp) {
      ctx.addIssue({ code: "custom", message: "The webhook URL must start with https:// (http:// is allowed only for 127.0.0.1 or localhost)." });
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: "custom", message: "Remove the user name and password from the URL; the signature header authenticates the platform." });
    }
    if (url.hash) ctx.addIssue({ code: "custom", message: "Remove the #fragment from the webhook URL." });
  });
