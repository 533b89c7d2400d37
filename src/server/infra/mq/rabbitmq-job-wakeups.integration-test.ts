import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { connect } from "amqplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestQueues, type TestQueues } from "@e2e/env/rabbitmq";
import type { JobWakeups } from "@/server/services/jobs/job-wakeups";
import { checkRabbitMq } from "./check-rabbitmq";
import { RabbitMqJobWakeups } from "./rabbitmq-job-wakeups";

const run = promisify(execFile);
// Simulating a dropped connection needs the broker's CLI (present wherever the test broker runs locally).
const rabbitmqctlAvailable = await hasRabbitmqctl();
let queues: TestQueues;
const opened: RabbitMqJobWakeups[] = [];

function wakeups(queue: string, prefetch = 1): RabbitMqJobWakeups {
  const w = new RabbitMqJobWakeups({ url: queues.url, queue, prefetch, reconnect: { initialDelayMs: 50, maxDelayMs: 500 } });
  opened.push(w);
  return w;
}

async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs}ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  queues = await createTestQueues("wakeups");
});

afterAll(async () => {
  await Promise.allSettled(opened.map((w) => w.close()));
  await queues?.cleanup();
});

describe("RabbitMqJobWakeups", () => {
  it("satisfies the services' JobWakeups port", () => {
    const port: JobWakeups = wakeups(queues.name("port"));
    expect(port).toBeDefined();
  });

  it("keeps a published wake-up in the durable queue until a consumer takes it, body {job_id}", async () => {
    const queue = queues.name("durable");
    const publisher = wakeups(queue);
    await publisher.publish("job_one");
    expect(await queues.messageCount(queue)).toBe(1);

    // Read it raw to check the wire format the original service used.
    const connection = await connect(queues.url);
    try {
      const channel = await connection.createChannel();
      const message = await channel.get(queue, { noAck: true });
      expect(message && JSON.parse(message.content.toString())).toEqual({ job_id: "job_one" });
      expect(message && message.properties.deliveryMode).toBe(2);
    } finally {
      await connection.close();
    }
  });

  it("delivers ids to the subscriber and acks after the handler settled", async () => {
    const queue = queues.name("deliver");
    const publisher = wakeups(queue);
    const consumer = wakeups(queue);
    const seen: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await consumer.subscribe(async (jobId) => {
      seen.push(jobId);
      await gate;
    });
    await publisher.publish("job_a");
    await publisher.publish("job_b");
    await waitFor(() => seen.length === 1);
    // prefetch 1: the second wake-up waits until the first is acked.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual(["job_a"]);
    release();
    await waitFor(() => seen.length === 2);
    expect(seen).toEqual(["job_a", "job_b"]);
    await waitFor(async () => (await queues.messageCount(queue)) === 0);
  });

  it("acks and drops messages that are not wake-ups, then keeps consuming", async () => {
    const queue = queues.name("garbage");
    const consumer = wakeups(queue);
    const seen: string[] = [];
    await consumer.subscribe(async (jobId) => {
      seen.push(jobId);
    });
    const connection = await connect(queues.url);
    try {
      const channel = await connection.createChannel();
      await channel.assertQueue(queue, { durable: true });
      channel.sendToQueue(queue, Buffer.from("not json"));
      channel.sendToQueue(queue, Buffer.from(JSON.stringify({ job_id: "job_after_garbage" })));
      await channel.close();
    } finally {
      await connection.close();
    }
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual(["job_after_garbage"]);
  });

  it("stops delivering to a subscriber once it unsubscribed", async () => {
    const queue = queues.name("handback");
    const publisher = wakeups(queue);
    const first = wakeups(queue, 5);
    const firstSeen: string[] = [];
    const subscription = await first.subscribe(async (jobId) => {
      firstSeen.push(jobId);
      throw new Error("handler failure is logged, message still acked");
    });
    await publisher.publish("job_x");
    await waitFor(() => firstSeen.length === 1);
    await subscription.unsubscribe();

    await publisher.publish("job_y");
    const second = wakeups(queue);
    const secondSeen: string[] = [];
    await second.subscribe(async (jobId) => {
      secondSeen.push(jobId);
    });
    await waitFor(() => secondSeen.length === 1);
    expect(secondSeen).toEqual(["job_y"]);
    expect(firstSeen).toEqual(["job_x"]);
  });

  it.skipIf(!rabbitmqctlAvailable)("reconnects and resumes consuming after the broker drops the connection", async () => {
    const queue = queues.name("reconnect");
    const connectionName = `kbt-reconnect-${Date.now()}`;
    const consumer = new RabbitMqJobWakeups({
      url: queues.url,
      queue,
      connectionName,
      reconnect: { initialDelayMs: 50, maxDelayMs: 500 },
    });
    opened.push(consumer);
    const seen: string[] = [];
    await consumer.subscribe(async (jobId) => {
      seen.push(jobId);
    });
    const publisher = wakeups(queue);
    await publisher.publish("job_before");
    await waitFor(() => seen.length === 1);

    await closeBrokerConnection(connectionName);
    await publisher.publish("job_after");
    await waitFor(() => seen.length === 2, 10_000);
    expect(seen).toEqual(["job_before", "job_after"]);
  });

  it("rejects publish within the timeout when RabbitMQ is unreachable", async () => {
    const w = new RabbitMqJobWakeups({ url: "amqp://guest:guest@127.0.0.1:1", queue: queues.name("down"), publishTimeoutMs: 300 });
    opened.push(w);
    await expect(w.publish("job_z")).rejects.toThrow(/did not confirm the wake-up for job_z within 300ms/);
  });

  it("once the broker is known to be down, rejects publish at once saying so instead of waiting out the timeout", async () => {
    const warnings: string[] = [];
    const logger = { debug: () => {}, info: () => {}, error: () => {}, warn: (msg: string) => void warnings.push(msg) };
    const w = new RabbitMqJobWakeups({ url: "amqp://guest:guest@127.0.0.1:1", queue: queues.name("known-down"), publishTimeoutMs: 20_000, logger });
    opened.push(w);
    // The first publish opens the connection and waits; its failed connect marks the broker down.
    void w.publish("job_first").catch(() => undefined);
    await waitFor(() => warnings.includes("could not connect to RabbitMQ"), 10_000);
    await expect(w.publish("job_next")).rejects.toThrow(/RabbitMQ is unreachable .*not waiting to publish the wake-up for job_next/);
  });

  it("refuses to publish after close", async () => {
    const w = wakeups(queues.name("closed"));
    await w.close();
    await expect(w.publish("job_q")).rejects.toThrow("closed");
  });
});

describe("checkRabbitMq", () => {
  it("reports a reachable broker", async () => {
    expect(await checkRabbitMq(queues.url)).toEqual({ ok: true });
  });

  it("reports an unreachable broker without throwing", async () => {
    const result = await checkRabbitMq("amqp://guest:guest@127.0.0.1:1", 1_000);
    expect(result.ok).toBe(false);
  });

  it("reports bad credentials", async () => {
    const result = await checkRabbitMq("amqp://nobody:wrong@127.0.0.1:5672", 3_000);
    expect(result.ok).toBe(false);
  });
});

async function hasRabbitmqctl(): Promise<boolean> {
  try {
    await run("rabbitmqctl", ["status", "-q"], { timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/** Makes the broker close one named client connection, as a broker restart or network cut would. */
async function closeBrokerConnection(connectionName: string): Promise<void> {
  const { stdout } = await run("rabbitmqctl", ["list_connections", "pid", "client_properties", "-q"], { timeout: 20_000 });
  const line = stdout.split("\n").find((l) => l.includes(`{"connection_name","${connectionName}"}`));
  const pid = line?.split("\t")[0];
  if (!pid) throw new Error(`no RabbitMQ connection named ${connectionName}: ${stdout.slice(0, 500)}`);
  await run("rabbitmqctl", ["close_connection", pid, "integration test: simulated connection loss"], { timeout: 20_000 });
}
