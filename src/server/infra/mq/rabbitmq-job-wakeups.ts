import { connect, type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage, type RecoveringChannelModel } from "amqplib";
import type { Logger } from "@/server/observability/logger";
import type { JobWakeups, WakeupHandler, WakeupSubscription } from "@/server/services/jobs/job-wakeups";
import { decodeWakeupMessage, encodeWakeupMessage } from "./wakeup-message";

export const defaultJobQueueName = "kubebyon.cluster-jobs";

export type MqLogger = Pick<Logger, "debug" | "info" | "warn" | "error">;

export interface RabbitMqJobWakeupsOptions {
  url: string;
  queue?: string;
  /** Unacknowledged wake-ups a consumer holds at once. Default 1. */
  prefetch?: number;
  /** How long publish() waits for a connection and the broker's confirm. Default 5s. */
  publishTimeoutMs?: number;
  reconnect?: { initialDelayMs?: number; maxDelayMs?: number };
  /** Shown in the RabbitMQ management UI, e.g. "kubebyon-worker host-123". */
  connectionName?: string;
  logger?: MqLogger;
}

interface Consumer {
  handler: WakeupHandler;
  channel?: Channel;
  model?: ChannelModel;
  consumerTag?: string;
  inFlight: Set<Promise<void>>;
}

const quietLogger: MqLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/**
 * Job wake-ups over one durable RabbitMQ queue. Messages are persistent and
 * carry `{"job_id": "..."}` only. The connection recovers by itself with
 * backoff; each (re)connect re-declares the queue and restarts the consumer.
 */
export class RabbitMqJobWakeups implements JobWakeups {
  readonly queue: string;
  private readonly url: string;
  private readonly prefetch: number;
  private readonly publishTimeoutMs: number;
  private readonly reconnect: { initialDelayMs: number; maxDelayMs: number };
  private readonly connectionName: string | undefined;
  private readonly log: MqLogger;

  private connection: Promise<RecoveringChannelModel> | undefined;
  private model: ChannelModel | undefined;
  private publishChannel: Promise<ConfirmChannel> | undefined;
  private consumer: Consumer | undefined;
  private closed = false;
  /** Set while the broker is known to be unreachable (after a failed connect or a lost connection). */
  private unreachable: Error | undefined;

  constructor(options: RabbitMqJobWakeupsOptions) {
    this.url = options.url;
    this.queue = options.queue ?? defaultJobQueueName;
    this.prefetch = Math.max(1, options.prefetch ?? 1);
    this.publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
    this.reconnect = {
      initialDelayMs: options.reconnect?.initialDelayMs ?? 500,
      maxDelayMs: options.reconnect?.maxDelayMs ?? 30_000,
    };
    this.connectionName = options.connectionName;
    this.log = options.logger ?? quietLogger;
  }

  async publish(jobId: string): Promise<void> {
    this.assertOpen();
    // Known down: fail at once rather than hold the caller (an HTTP request) for the whole timeout;
    // the job is in the database and a runner's poll finds it.
    if (this.unreachable) throw new Error(`RabbitMQ is unreachable (${this.unreachable.message}); not waiting to publish the wake-up for ${jobId}`);
    await withTimeout(
      (async () => {
        const channel = await this.getPublishChannel();
        await new Promise<void>((resolve, reject) => {
          channel.sendToQueue(
            this.queue,
            encodeWakeupMessage(jobId),
            { persistent: true, contentType: "application/json" },
            (error: unknown) => (error ? reject(asError(error, "RabbitMQ refused the wake-up")) : resolve()),
          );
        });
      })(),
      this.publishTimeoutMs,
      `RabbitMQ did not confirm the wake-up for ${jobId} within ${this.publishTimeoutMs}ms`,
    );
  }

  async subscribe(handler: WakeupHandler): Promise<WakeupSubscription> {
    this.assertOpen();
    if (this.consumer) throw new Error(`already consuming ${this.queue}; one subscription per RabbitMqJobWakeups`);
    const consumer: Consumer = { handler, inFlight: new Set() };
    this.consumer = consumer;
    // Not awaited on purpose: with the broker down the worker must still start and poll.
    void this.ensureConnection();
    if (this.model) await this.startConsumer(this.model);
    return { unsubscribe: () => this.stopConsumer(consumer) };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.consumer) await this.stopConsumer(this.consumer);
    const connection = this.connection;
    this.connection = undefined;
    this.publishChannel = undefined;
    this.model = undefined;
    if (connection) {
      const model = await connection.catch(() => undefined);
      await model?.close().catch(() => {});
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error("RabbitMQ job wake-ups are closed");
  }

  private ensureConnection(): Promise<RecoveringChannelModel> {
    this.connection ??= this.openConnection();
    return this.connection;
  }

  private async openConnection(): Promise<RecoveringChannelModel> {
    const connection = await connect(this.url, {
      clientProperties: this.connectionName ? { connection_name: this.connectionName } : undefined,
      recovery: {
        initialDelay: this.reconnect.initialDelayMs,
        maxDelay: this.reconnect.maxDelayMs,
        maxRetries: Infinity,
        waitForConnect: false,
        setup: async (model: ChannelModel) => this.onConnected(model),
      },
    });
    connection.on("connect", () => this.log.info("connected to RabbitMQ", { queue: this.queue }));
    connection.on("disconnect", (error: Error) => {
      this.unreachable = error;
      this.model = undefined;
      this.publishChannel = undefined;
      this.log.warn("lost the RabbitMQ connection; reconnecting", { queue: this.queue, error: error.message });
    });
    connection.on("connect-failed", (error: Error) => {
      this.unreachable = error;
      this.log.warn("could not connect to RabbitMQ", { queue: this.queue, error: error.message });
    });
    connection.on("reconnect-scheduled", (info: { attempt: number; delay: number }) => {
      this.log.debug("RabbitMQ reconnect scheduled", { attempt: info.attempt, delayMs: info.delay });
    });
    connection.on("reconnect-failed", (error: Error) => {
      this.log.error("gave up reconnecting to RabbitMQ; jobs are still found by polling", { error: error.message });
    });
    connection.on("error", (error: Error) => this.log.warn("RabbitMQ connection error", { error: error.message }));
    return connection;
  }

  /** Runs after every successful (re)connect, before the connection is handed out. */
  private async onConnected(model: ChannelModel): Promise<void> {
    const channel = await model.createChannel();
    try {
      await channel.assertQueue(this.queue, { durable: true });
    } finally {
      await channel.close().catch(() => {});
    }
    this.model = model;
    this.publishChannel = undefined;
    this.unreachable = undefined;
    if (this.consumer) await this.startConsumer(this.model);
  }

  private getPublishChannel(): Promise<ConfirmChannel> {
    if (!this.publishChannel) {
      const pending = (async () => {
        const connection = await this.ensureConnection();
        const channel = await connection.createConfirmChannel();
        channel.on("error", (error: Error) => this.log.warn("RabbitMQ publish channel error", { error: error.message }));
        channel.on("close", () => {
          if (this.publishChannel === pending) this.publishChannel = undefined;
        });
        return channel;
      })();
      pending.catch(() => {
        if (this.publishChannel === pending) this.publishChannel = undefined;
      });
      this.publishChannel = pending;
    }
    return this.publishChannel;
  }

  private async startConsumer(model: ChannelModel): Promise<void> {
    const consumer = this.consumer;
    if (!consumer || consumer.model === model) return;
    consumer.model = model;
    const channel = await model.createChannel();
    channel.on("error", (error: Error) => this.log.warn("RabbitMQ consumer channel error", { error: error.message }));
    await channel.prefetch(this.prefetch);
    const { consumerTag } = await channel.consume(this.queue, (message) => this.onMessage(consumer, channel, message), {
      noAck: false,
    });
    if (this.consumer !== consumer) {
      // Unsubscribed while starting.
      await channel.close().catch(() => {});
      return;
    }
    consumer.channel = channel;
    consumer.consumerTag = consumerTag;
    this.log.info("consuming job wake-ups", { queue: this.queue, prefetch: this.prefetch });
  }

  private onMessage(consumer: Consumer, channel: Channel, message: ConsumeMessage | null): void {
    if (!message) {
      this.log.warn("RabbitMQ cancelled the wake-up consumer (queue deleted?); polling continues", { queue: this.queue });
      return;
    }
    const jobId = decodeWakeupMessage(message.content);
    if (!jobId) {
      this.log.warn("dropping a message that is not a job wake-up", { queue: this.queue, bytes: message.content.length });
      safeAck(channel, message);
      return;
    }
    const handled = consumer
      .handler(jobId)
      .catch((error: unknown) => {
        this.log.warn("job wake-up handler failed; polling will pick the job up", { jobId, error: asError(error, "").message });
      })
      .finally(() => {
        // Acked even after a failure: the row, not the message, is what keeps the job alive.
        if (!safeAck(channel, message)) this.log.debug("could not ack wake-up (channel closed); it will be redelivered", { jobId });
        consumer.inFlight.delete(handled);
      });
    consumer.inFlight.add(handled);
  }

  private async stopConsumer(consumer: Consumer): Promise<void> {
    if (this.consumer !== consumer) return;
    this.consumer = undefined;
    const { channel, consumerTag } = consumer;
    if (channel && consumerTag) await channel.cancel(consumerTag).catch(() => {});
    await Promise.allSettled([...consumer.inFlight]);
    // Closing the channel hands any still-unacked prefetched wake-ups back to the queue.
    if (channel) await channel.close().catch(() => {});
  }
}

function safeAck(channel: Channel, message: ConsumeMessage): boolean {
  try {
    channel.ack(message);
    return true;
  } catch {
    return false;
  }
}

function asError(error: unknown, fallback: string): Error {
  if (error instanceof Error) return error;
  return new Error(error ? String(error) : fallback);
}

async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    work.catch(() => {});
  }
}
