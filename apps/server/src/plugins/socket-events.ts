import {
  CLIENT_EVENT_SCOPES,
  type ClientEventName,
  type ClientToServerEvents,
  clientEvents,
  MAX_PENDING_EVENTS_PER_SOCKET,
  type ParsedClientEventPayload,
  SOCKET_DROP_LOG_INTERVAL_MS,
  SOCKET_EVENT_BUDGETS,
  SOCKET_MAX_REFUSALS,
  SOCKET_REFUSAL_WINDOW_MS,
  type SocketAck,
  type SocketEventKind,
  type SocketSession,
  scopesAllow,
  UI_TEXT,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError, notFound } from '../lib/errors.js';
import { findBadText } from '../lib/request-validation.js';
import { memoryTokenBuckets, redisTokenBuckets, type TokenBuckets } from '../lib/token-bucket.js';
import { type AppSocket, joinRecordRoom, leaveRecordRoom } from './realtime.js';

/**
 * The socket twin of the HTTP pipeline: every client event goes through `runEvent`,
 * which, in this order, refuses it when its socket has too many events in hand or is over the
 * event's budget on the socket or for its user (token buckets; the user's in Redis when
 * configured, so across processes) — before any database work; refuses a payload holding a NUL
 * character or a lone surrogate (findBadText, as HTTP does) or failing its schema; runs the
 * domain's handler; answers the acknowledgement when the client asked for one (a refusal is
 * `{ ok: false, error }`, the user's message); writes one log
 * line (event, user, outcome, time; never the payload). A socket refused for budget
 * SOCKET_MAX_REFUSALS times within SOCKET_REFUSAL_WINDOW_MS is disconnected.
 */

/** The answer an acknowledged event gives when it succeeds (`{ ok: true, … }`). */
export type EventAnswer<E extends ClientEventName> =
  Parameters<ClientToServerEvents[E]> extends [unknown, (answer: infer A) => void]
    ? Extract<A, { ok: true }>
    : { ok: true };

export interface SocketEventContext {
  app: FastifyInstance;
  socket: AppSocket;
  /** The handshake's session: a socket exists only once any required second factor is set up. */
  session: SocketSession;
}

/**
 * How the server handles one client event, defined in its domain's module (modules/<domain>/socket.ts).
 * Its payload's schema is the contracts' (`clientEvents`), which the web app's socket is typed from.
 */
export interface SocketEvent<E extends ClientEventName = ClientEventName, Payload = unknown> {
  event: E;
  /** Its budget (contracts' SOCKET_EVENT_BUDGETS). */
  kind: SocketEventKind;
  /** Told when the payload is not one (a record's 'not found'); else the schema's first message. */
  invalidPayload?: string;
  /** Told when it is over its budget; else UI_TEXT.tooManyRequests. */
  overBudget?: string;
  /** Told when the handler fails unexpectedly (the error is logged). */
  failure: string;
  /** Runs within budget on a valid payload: the answer, or an AppError whose message the client is told. */
  handle(context: SocketEventContext, payload: Payload): EventAnswer<E> | Promise<EventAnswer<E>>;
  /** Also run on every refusal (the messenger tells the socket through messenger_error). */
  onRefused?(socket: AppSocket, payload: unknown, error: string): void;
}

/** Infers an event definition's types from its name (the list of them is SocketEvent[]). */
export const socketEvent = <E extends ClientEventName>(definition: SocketEvent<E, ParsedClientEventPayload<E>>) =>
  definition as unknown as SocketEvent;

/** A record's room the caller may enter: its name and the record's organization. */
export interface RoomToJoin {
  room: string;
  organizationId: string;
  /** Its changes are counted in app.roomChanges (a project's, a ticket's): the answer says when it last changed. */
  countsChanges?: boolean;
}

/**
 * Joining a record's room (a conversation's, a ticket's, a project's) after `find`, the same read
 * check as its HTTP route: nothing found is refused with the record's 'not found'.
 */
/** Each socket's joins still being checked: an event for a room waits for them (see joinsSettled). */
const joinsInHand = new WeakMap<AppSocket, Set<Promise<unknown>>>();

/**
 * Resolves once the joins this socket asked for before now are settled. A join checks access in
 * the database, so an event sent right after it (typing as soon as a conversation opens) would
 * otherwise be handled first and find the socket not yet in the room.
 */
export async function joinsSettled(socket: AppSocket) {
  const joins = joinsInHand.get(socket);
  if (joins && joins.size > 0) await Promise.allSettled([...joins]);
}

export const joinRoomEvent = <E extends ClientEventName>(
  event: E,
  notFoundMessage: string,
  find: (context: SocketEventContext, payload: ParsedClientEventPayload<E>) => Promise<RoomToJoin | null>,
  onRefused?: SocketEvent['onRefused'],
) =>
  socketEvent<E>({
    event,
    kind: 'join',
    invalidPayload: notFoundMessage,
    failure: notFoundMessage,
    onRefused,
    async handle(context, parsed) {
      const joins = joinsInHand.get(context.socket) ?? new Set();
      joinsInHand.set(context.socket, joins);
      const joining = (async () => {
        const found = await find(context, parsed);
        if (!found) throw notFound(notFoundMessage);
        await joinRecordRoom(context.socket, found.room, found.organizationId);
        return found;
      })();
      joins.add(joining);
      const found = await joining.finally(() => joins.delete(joining));
      if (!found.countsChanges) return { ok: true } as EventAnswer<E>;
      // Asked after joining: a change from now on is heard, one before it is counted here.
      const changedMsAgo = await context.app.roomChanges.changedMsAgo(found.room);
      return { ok: true, changedMsAgo } as unknown as EventAnswer<E>;
    },
  });

/** Leaving a record's room: no check, no database work. */
export const leaveRoomEvent = <E extends ClientEventName>(
  event: E,
  roomOf: (payload: ParsedClientEventPayload<E>) => string,
  notFoundMessage: string,
) =>
  socketEvent<E>({
    event,
    kind: 'leave',
    invalidPayload: notFoundMessage,
    failure: notFoundMessage,
    async handle({ socket }, parsed) {
      await leaveRecordRoom(socket, roomOf(parsed));
      return { ok: true } as EventAnswer<E>;
    },
  });

type Outcome = 'ok' | 'refused' | 'over_budget' | 'failed';

/** A socket's own budget state: its buckets, the events in hand, its recent budget refusals. */
interface SocketBudget {
  buckets: TokenBuckets;
  pending: number;
  refusals: number;
  refusalsSince: number;
  /** Disconnected for going on past its budget: what it still sent is dropped unanswered. */
  dropped: boolean;
}

/** A refusal the client is told (its message), with what the log line calls it. */
interface Refusal {
  refused: string;
  outcome: Exclude<Outcome, 'ok'>;
}
const refused = (message: string, outcome: Refusal['outcome'] = 'refused'): Refusal => ({ refused: message, outcome });
const isRefusal = (value: unknown): value is Refusal => typeof (value as Refusal | null)?.refused === 'string';

export const socketEventsPlugin = fp(async (app: FastifyInstance, options: { events: readonly SocketEvent[] }) => {
  const userBuckets = app.redis
    ? redisTokenBuckets(app.redis, `${app.config.redisPrefix}socket-budget:`)
    : memoryTokenBuckets();
  const budgets = new WeakMap<AppSocket, SocketBudget>();

  /**
   * Within the user's budget (while Redis is away, counted in this process: lib/redis-stand-in.ts);
   * should its store fail otherwise, the socket's own budget still holds.
   */
  async function userWithinBudget(definition: SocketEvent, userId: string) {
    try {
      return await userBuckets.take(`${userId}:${definition.event}`, SOCKET_EVENT_BUDGETS[definition.kind].user);
    } catch (error) {
      app.log.error({ err: error }, 'socket budget store failed');
      return true;
    }
  }

  /** Counts a refusal for budget; true when the socket has gone on long enough to be dropped. */
  function keepsGoing(budget: SocketBudget) {
    const now = Date.now();
    if (now - budget.refusalsSince > SOCKET_REFUSAL_WINDOW_MS) {
      budget.refusals = 0;
      budget.refusalsSince = now;
    }
    budget.refusals += 1;
    return budget.refusals >= SOCKET_MAX_REFUSALS;
  }

  /** Over the socket's own budget: checked synchronously, so a flood is refused before anything else runs. */
  function socketOverBudget(definition: SocketEvent, budget: SocketBudget): Refusal | null {
    if (budget.pending >= MAX_PENDING_EVENTS_PER_SOCKET) return refused(UI_TEXT.tooManyAtOnce, 'over_budget');
    if (budget.buckets.take(definition.event, SOCKET_EVENT_BUDGETS[definition.kind].socket)) return null;
    return refused(definition.overBudget ?? UI_TEXT.tooManyRequests, 'over_budget');
  }

  /** The event's answer or its refusal, once within the socket's budget. */
  async function answerOf(definition: SocketEvent, socket: AppSocket, payload: unknown): Promise<SocketAck | Refusal> {
    const { session } = socket.data;
    try {
      if (!(await userWithinBudget(definition, session.user.id))) {
        return refused(definition.overBudget ?? UI_TEXT.tooManyRequests, 'over_budget');
      }
      const scope = CLIENT_EVENT_SCOPES[definition.event];
      if (session.apiToken && scope && !scopesAllow(session.apiToken.scopes, scope)) {
        return refused(UI_TEXT.insufficientScope);
      }
      const bad = findBadText(payload);
      if (bad) return refused(bad.message);
      const parsed = clientEvents[definition.event].payload.safeParse(payload);
      if (!parsed.success) {
        return refused(definition.invalidPayload ?? parsed.error.issues[0]?.message ?? UI_TEXT.invalidInput);
      }
      return await definition.handle({ app, socket, session }, parsed.data);
    } catch (error) {
      if (error instanceof AppError) return refused(error.message);
      if (error instanceof z.ZodError) return refused(error.issues[0]?.message ?? definition.failure);
      app.log.error({ err: error, event: definition.event }, 'socket event failed');
      return refused(definition.failure, 'failed');
    }
  }

  interface Arrival {
    definition: SocketEvent;
    socket: AppSocket;
    budget: SocketBudget;
    payload: unknown;
    ack: ((answer: SocketAck) => void) | undefined;
    started: number;
  }

  /** Answers the acknowledgement, writes the log line, and drops a socket that keeps going past its budget. */
  function finish({ definition, socket, budget, payload, ack, started }: Arrival, result: SocketAck | Refusal) {
    const userId = socket.data.session.user.id;
    const outcome: Outcome = isRefusal(result) ? result.outcome : 'ok';
    if (isRefusal(result)) definition.onRefused?.(socket, payload, result.refused);
    if (outcome === 'over_budget') app.metrics.budgetRefusals.inc({ surface: 'socket' });
    ack?.(isRefusal(result) ? { ok: false, error: result.refused } : result);
    app.log.info(
      { event: definition.event, userId, outcome, ms: Math.round(performance.now() - started) },
      'socket event',
    );
    if (outcome === 'over_budget' && !budget.dropped && keepsGoing(budget)) {
      budget.dropped = true;
      logDrop(definition.event, userId);
      stopReading(socket);
      socket.disconnect(true);
    }
  }

  /** Per user: when its last drop was logged, and the drops since (SOCKET_DROP_LOG_INTERVAL_MS). */
  const dropsLogged = new Map<string, { at: number; since: number }>();

  /** One warning line per user and interval, counting the drops it stands for. */
  function logDrop(event: string, userId: string) {
    const now = Date.now();
    const last = dropsLogged.get(userId);
    if (last && now - last.at < SOCKET_DROP_LOG_INTERVAL_MS) {
      last.since += 1;
      return;
    }
    // Forget users not dropped lately, so the map stays small.
    for (const [user, logged] of dropsLogged) {
      if (now - logged.at >= SOCKET_DROP_LOG_INTERVAL_MS && logged.since === 0) dropsLogged.delete(user);
    }
    app.log.warn({ event, userId, drops: 1 + (last?.since ?? 0) }, 'socket disconnected: over budget');
    dropsLogged.set(userId, { at: now, since: 0 });
  }

  function runEvent(definition: SocketEvent, socket: AppSocket, args: unknown[]) {
    const budget = budgets.get(socket);
    if (!budget || budget.dropped) return;
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: SocketAck) => void) : undefined;
    const arrival: Arrival = { definition, socket, budget, payload: args[0], ack, started: performance.now() };
    const overBudget = socketOverBudget(definition, budget);
    if (overBudget) return finish(arrival, overBudget);
    budget.pending += 1;
    void answerOf(definition, socket, arrival.payload).then((result) => {
      budget.pending -= 1;
      finish(arrival, result);
    });
  }

  app.io.on('connection', (socket) => {
    budgets.set(socket, {
      buckets: memoryTokenBuckets(),
      pending: 0,
      refusals: 0,
      refusalsSince: 0,
      dropped: false,
    });
    for (const definition of options.events) {
      // What arrives is untrusted, whatever the event map says: runEvent parses it.
      const listener = (...args: unknown[]) => runEvent(definition, socket, args);
      socket.on(definition.event, listener as ClientToServerEvents[typeof definition.event]);
    }
  });
});

/**
 * A flood's packets still on their way would each be read and decoded after a polite close (the
 * WebSocket close handshake reads on until the client's close frame, behind its flood). A dropped
 * socket's connection stops being read at once, and is cut a moment later, its last answers sent.
 */
function stopReading(socket: AppSocket) {
  const connection = (socket.conn.transport as unknown as { socket?: WebSocketLike }).socket;
  connection?.pause?.();
  setTimeout(() => connection?.terminate?.(), CUT_AFTER_MS).unref();
}
const CUT_AFTER_MS = 1000;
/** The `ws` connection under socket.io's websocket transport (long-polling has none: nothing to stop). */
interface WebSocketLike {
  pause?: () => void;
  terminate?: () => void;
}
