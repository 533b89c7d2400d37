import { connect } from "amqplib";

export type RabbitMqCheck = { ok: true } | { ok: false; error: string };

/** Opens and closes one connection and channel; for /readyz. Never throws. */
export async function checkRabbitMq(url: string, timeoutMs = 3_000): Promise<RabbitMqCheck> {
  let timer: NodeJS.Timeout | undefined;
  const attempt = (async () => {
    const connection = await connect(url, { timeout: timeoutMs });
    try {
      connection.on("error", () => {});
      const channel = await connection.createChannel();
      await channel.close();
    } finally {
      await connection.close().catch(() => {});
    }
  })();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from RabbitMQ within ${timeoutMs}ms`)), timeoutMs);
  });
  try {
    await Promise.race([attempt, timeout]);
    return { ok: true };
  } catch (error) {
    attempt.catch(() => {});
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
