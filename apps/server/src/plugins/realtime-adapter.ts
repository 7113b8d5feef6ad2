import { RedisAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Namespace } from 'socket.io';
import { noteRedisFailure, redisAnswers } from '../lib/redis-stand-in.js';

type BroadcastOptions = Parameters<RedisAdapter['fetchSockets']>[0];

/** The same options, for this process's sockets only (socket.io's `local` flag). */
const localOnly = (options: BroadcastOptions): BroadcastOptions => ({
  ...options,
  flags: { ...options.flags, local: true },
});

/**
 * socket.io's Redis adapter that goes on while Redis is away (decision 0266): each broadcast, room
 * change and socket query then acts on this process's sockets only, as if it were the only process,
 * instead of failing or waiting; fan-out to the other processes resumes once the publisher's
 * connection is ready again. What was broadcast meanwhile reached only this process's sockets.
 */
class StandInRedisAdapter extends RedisAdapter {
  readonly #publisher: Redis;
  /** The app's own connection, whose failures (a hung Redis) every store goes by. */
  readonly #shared: Redis;

  constructor(nsp: Namespace, connections: AdapterConnections) {
    super(nsp, connections.publisher, connections.subscriber, { key: connections.key });
    this.#publisher = connections.publisher;
    this.#shared = connections.shared;
  }

  #redisAnswers() {
    return this.#publisher.status === 'ready' && redisAnswers(this.#shared);
  }

  private options(options: BroadcastOptions): BroadcastOptions {
    return this.#redisAnswers() ? options : localOnly(options);
  }

  override broadcast(...[packet, options]: Parameters<RedisAdapter['broadcast']>) {
    super.broadcast(packet, this.options(options));
  }

  override broadcastWithAck(...[packet, options, ...rest]: Parameters<RedisAdapter['broadcastWithAck']>) {
    super.broadcastWithAck(packet, this.options(options), ...rest);
  }

  override fetchSockets(options: BroadcastOptions) {
    return super.fetchSockets(this.options(options));
  }

  override addSockets(options: BroadcastOptions, rooms: string[]) {
    super.addSockets(this.options(options), rooms);
  }

  override delSockets(options: BroadcastOptions, rooms: string[]) {
    super.delSockets(this.options(options), rooms);
  }

  override disconnectSockets(options: BroadcastOptions, close: boolean) {
    super.disconnectSockets(this.options(options), close);
  }

  /** The processes listening: this one alone while Redis is away or does not answer the question. */
  override async serverCount(): Promise<number> {
    if (!this.#redisAnswers()) return 1;
    return super.serverCount().catch(() => {
      noteRedisFailure(this.#shared);
      return 1;
    });
  }
}

interface AdapterConnections {
  /** The app's connection (plugins/redis.ts). */
  shared: Redis;
  /** Two of the adapter's own, the subscriber's in subscriber mode. */
  publisher: Redis;
  subscriber: Redis;
  /** The prefix of its channels. */
  key: string;
}

/**
 * The adapter of every namespace, over two connections of its own. The adapter publishes without
 * waiting for Redis's answer: a publish lost as Redis goes away is an event other processes
 * missed, never an unhandled rejection.
 */
export function standInRedisAdapter(connections: AdapterConnections) {
  const { publisher } = connections;
  const publish = publisher.publish.bind(publisher);
  publisher.publish = ((channel: string | Buffer, message: string | Buffer) =>
    publish(channel, message).catch(() => 0)) as Redis['publish'];
  // A function, not an arrow: socket.io calls it with `new`.
  return function adapterOf(nsp: Namespace) {
    return new StandInRedisAdapter(nsp, connections);
  };
}
