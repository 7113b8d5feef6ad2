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
 * connection is ready again. What was broadcast meanwhile reached only this process's sockets,
 * which the gaps note (decision 0273).
 */
class StandInRedisAdapter extends RedisAdapter {
  readonly #publisher: Redis;
  /** The app's own connection, whose failures (a hung Redis) every store goes by. */
  readonly #shared: Redis;
  readonly #gaps: FanOutGaps;

  constructor(nsp: Namespace, connections: AdapterConnections, gaps: FanOutGaps) {
    super(nsp, connections.publisher, connections.subscriber, { key: connections.key });
    this.#publisher = connections.publisher;
    this.#shared = connections.shared;
    this.#gaps = gaps;
  }

  #redisAnswers() {
    return this.#publisher.status === 'ready' && redisAnswers(this.#shared);
  }

  private options(options: BroadcastOptions): BroadcastOptions {
    return this.#redisAnswers() ? options : localOnly(options);
  }

  /** A broadcast's options: local only, and noted as unsent to the others, while Redis is away. */
  #broadcastOptions(options: BroadcastOptions): BroadcastOptions {
    if (this.#redisAnswers() || options.flags?.local) return options;
    this.#gaps.unsent();
    return localOnly(options);
  }

  override broadcast(...[packet, options]: Parameters<RedisAdapter['broadcast']>) {
    super.broadcast(packet, this.#broadcastOptions(options));
  }

  override broadcastWithAck(...[packet, options, ...rest]: Parameters<RedisAdapter['broadcastWithAck']>) {
    super.broadcastWithAck(packet, this.#broadcastOptions(options), ...rest);
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

/** Who may have missed live events: this process's own sockets, or every process's. */
export type CatchUpScope = 'here' | 'everywhere';

/** How often a process that broadcast without Redis looks whether Redis answers again. */
const UNSENT_CHECK_MS = 1_000;

interface FanOutGaps {
  /** A broadcast reached this process's sockets only, or its publish was lost. */
  unsent(): void;
  stop(): void;
}

/**
 * Closes the gaps a Redis blip leaves in the fan-out while sockets stay connected (decision 0273):
 * no reconnect tells their pages to read again, so the server does, with `catchUp`.
 * - This process's subscriber lost its connection: once it is subscribed again (the ping after the
 *   subscriptions ioredis makes again is answered after them), its own sockets catch up on what the
 *   other processes published meanwhile.
 * - This process broadcast to its own sockets only (or a publish was lost): once Redis answers
 *   again, every process's sockets catch up. A process whose subscriber is not back yet misses
 *   that call, and catches up by the first rule.
 */
function fanOutGaps({ shared, publisher, subscriber }: AdapterConnections, catchUp: (scope: CatchUpScope) => void) {
  let unheard = false;
  let unsent = false;
  subscriber.on('close', () => {
    unheard = true;
  });
  subscriber.on('ready', () => {
    if (!unheard) return;
    subscriber.ping().then(
      () => {
        if (!unheard || subscriber.status !== 'ready') return;
        unheard = false;
        catchUp('here');
      },
      () => undefined,
    );
  });
  const check = setInterval(() => {
    if (!unsent || publisher.status !== 'ready' || !redisAnswers(shared)) return;
    unsent = false;
    catchUp('everywhere');
  }, UNSENT_CHECK_MS);
  check.unref();
  return {
    unsent() {
      unsent = true;
    },
    stop() {
      clearInterval(check);
    },
  } satisfies FanOutGaps;
}

/**
 * The adapter of every namespace, over two connections of its own, and the stop of its gap
 * watch. The adapter publishes without waiting for Redis's answer: a publish lost as Redis goes
 * away is an event other processes missed (a gap), never an unhandled rejection.
 */
export function standInRedisAdapter(connections: AdapterConnections, catchUp: (scope: CatchUpScope) => void) {
  const { publisher } = connections;
  const gaps = fanOutGaps(connections, catchUp);
  const publish = publisher.publish.bind(publisher);
  publisher.publish = ((channel: string | Buffer, message: string | Buffer) =>
    publish(channel, message).catch(() => {
      gaps.unsent();
      return 0;
    })) as Redis['publish'];
  return {
    // A function, not an arrow: socket.io calls it with `new`.
    adapterOf: function adapterOf(nsp: Namespace) {
      return new StandInRedisAdapter(nsp, connections, gaps);
    },
    stop: gaps.stop,
  };
}
