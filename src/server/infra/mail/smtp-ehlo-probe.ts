import net from "node:net";
import os from "node:os";
import tls from "node:tls";
import type { SmtpTransportConfig } from "@/server/domain/settings/smtp-settings";

/**
 * Connects to the SMTP server (implicit TLS when `secure`), reads its 220 greeting, says EHLO
 * and QUIT: proof the server is there and speaks SMTP, without authenticating or sending mail.
 * Resolves with the greeting line; rejects with what went wrong.
 */
export function probeSmtpEhlo(config: Pick<SmtpTransportConfig, "host" | "port" | "secure">, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = config.secure
      ? tls.connect({ host: config.host, port: config.port, servername: net.isIP(config.host) ? undefined : config.host })
      : net.connect({ host: config.host, port: config.port });
    let buffer = "";
    let greeting: string | undefined;
    const finish = (error?: Error) => {
      signal.removeEventListener("abort", onAbort);
      socket.destroy();
      if (error) reject(error);
      else resolve(greeting ?? "");
    };
    const onAbort = () => finish(signal.reason instanceof Error ? signal.reason : new Error("SMTP check cancelled"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    socket.setEncoding("utf8");
    socket.on("error", (err) => finish(err));
    socket.on("close", () => finish(new Error(greeting ? "the server closed the connection after EHLO" : "the server closed the connection without a greeting")));
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      // A reply ends with a line "NNN text" (a space, not a dash, after the code).
      const lines = buffer.split("\r\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        const code = line.slice(0, 3);
        if (line[3] === "-") continue;
        if (greeting === undefined) {
          if (code !== "220") return finish(new Error(`unexpected greeting: ${line}`));
          greeting = line.slice(4).trim();
          socket.write(`EHLO ${os.hostname() || "kubebyon"}\r\n`);
        } else {
          if (code !== "250") return finish(new Error(`EHLO refused: ${line}`));
          // Say goodbye politely; the server closes its side after 221.
          signal.removeEventListener("abort", onAbort);
          socket.removeAllListeners("close").removeAllListeners("error").on("error", () => {});
          socket.end("QUIT\r\n");
          setTimeout(() => socket.destroy(), 1_000).unref();
          return resolve(greeting);
        }
      }
    });
  });
}
