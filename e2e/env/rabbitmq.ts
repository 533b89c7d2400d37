import { randomBytes } from "node:crypto";
import { connect, type Channel } from "amqplib";

const DEFAULT_URL = "amqp://guest:guest@127.0.0.1:5672";

export function testRabbitMqUrl(): string {
  return process.env.KUBEBYON_TEST_RABBITMQ_URL ?? DEFAULT_URL;
}

export interface TestQueues {
  url: string;
  /** A queue name unique to this run; remembered so cleanup deletes it. */
  name(label: string): string;
  /** Messages waiting in a queue (not counting unacked deliveries). */
  messageCount(queue: string): Promise<number>;
  /** Consumers the broker has on a queue right now (a worker's subscription shows up as one). */
  consumerCount(queue: string): Promise<number>;
  /** Deletes every queue handed out by name(). Safe to call twice. */
  cleanup(): Promise<void>;
}

/**
 * Per-test-file queue names on the shared broker. Tests run in parallel and
 * may be rerun after a crash, so names carry a timestamp and random suffix.
 */
export async function createTestQueues(prefix: string): Promise<TestQueues> {
  const url = testRabbitMqUrl();
  await assertReachable(url);
  const names = new Set<string>();
  const run = `${Date.now().toString(36)}.${randomBytes(3).toString("hex")}`;
  return {
    url,
    name(label) {
      const name = `kbt.${prefix}.${label}.${run}`;
      names.add(name);
      return name;
    },
    async messageCount(queue) {
      return withChannel(url, async (channel) => (await channel.checkQueue(queue)).messageCount);
    },
    async consumerCount(queue) {
      return withChannel(url, async (channel) => (await channel.checkQueue(queue)).consumerCount);
    },
    async cleanup() {
      const pending = [...names];
      names.clear();
      if (pending.length === 0) return;
      await withChannel(url, async (channel) => {
        for (const queue of pending) await channel.deleteQueue(queue);
      });
    },
  };
}

async function assertReachable(url: string): Promise<void> {
  try {
    await withChannel(url, async () => {});
  } catch (cause) {
    throw new Error(
      `cannot connect to the test RabbitMQ at ${new URL(url).host}: start RabbitMQ or set KUBEBYON_TEST_RABBITMQ_URL`,
      { cause },
    );
  }
}

async function withChannel<T>(url: string, fn: (channel: Channel) => Promise<T>): Promise<T> {
  const connection = await connect(url, { timeout: 5_000 });
  connection.on("error", () => {});
  try {
    const channel = await connection.createChannel();
    channel.on("error", () => {});
    return await fn(channel);
  } finally {
    await connection.close().catch(() => {});
  }
}
