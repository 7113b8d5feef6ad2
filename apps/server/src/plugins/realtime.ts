import {
  type ClientToServerEvents,
  type InterServerEvents,
  LIVE_CONNECTION_HEADER,
  REALTIME_EVENTS,
  type ServerToClientEvents,
  type SocketData,
  type SocketSession,
  type TokenScopes,
  tokenHearsEvent,
  tokenMayListen,
} from '@smart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { type RoomChanges, roomChanges } from '../lib/room-changes.js';
import { organizationIdsWorkedFor, seesAllOrganizations } from '../lib/tenancy.js';
import { findSession, type Session } from './auth.js';

/** The server and its sockets, typed by the contracts' event maps. */
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    io: AppServer;
    /** When each record room last changed: a join's answer (joinRoomEvent). */
    roomChanges: RoomChanges;
  }
}

/** The contracts' socket session is the server's session: one shape for both (a compile-time check). */
const sameSession = (session: Session): SocketSession => session;

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** An organization's people and active advisors (not admins, who reach every organization). */
export const organizationRoom = (organizationId: string) => `organization:${organizationId}`;

/** A socket.io id (base64id: 20 characters of A-Z, a-z, 0-9, - and _); anything else names no connection. */
const SOCKET_ID = /^[\w-]{1,32}$/;

/**
 * The live connection a request came from (LIVE_CONNECTION_HEADER), which its change's own event
 * skips: that page already has the answer. A missing or malformed header names none, and the event
 * goes to everyone in the room. Socket ids are never sent to other users, so one cannot be used to
 * keep events from someone else's page.
 */
export function originConnection(request: FastifyRequest): string[] {
  const header = request.headers[LIVE_CONNECTION_HEADER];
  return typeof header === 'string' && SOCKET_ID.test(header) ? [header] : [];
}

/**
 * socket.io on /socket.io. A handshake needs a live session token (`auth.token`), of a user who
 * has set up the second factor its organization requires.
 * Each socket joins its user's and its session's rooms, so a revoked session can be cut off, and
 * the rooms of the organizations it works for (lib/tenancy.ts decides which, as for HTTP).
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io: AppServer = new Server(app.server, { path: '/socket.io', serveClient: false });

  if (app.redis) {
    const { standInRedisAdapter } = await import('./realtime-adapter.js');
    const publisher = app.redis.duplicate();
    // No time limit on its commands: they are its subscriptions, made again by ioredis after a reconnect.
    const subscriber = app.redis.duplicate({ commandTimeout: undefined });
    for (const connection of [publisher, subscriber]) {
      // The shared connection's lines say when Redis goes away; ioredis would print each failed reconnect.
      connection.on('error', () => undefined);
      await connection.connect();
    }
    const adapter = standInRedisAdapter(
      { shared: app.redis, publisher, subscriber, key: `${app.config.redisPrefix}socket.io` },
      (scope) => {
        app.log.info({ scope }, 'Live events may have been lost while Redis was away: the sockets catch up');
        (scope === 'everywhere' ? io : io.local).emit(REALTIME_EVENTS.catchUp);
      },
    );
    io.adapter(adapter.adapterOf);
    app.addHook('onClose', async () => {
      adapter.stop();
      await Promise.all(
        [publisher, subscriber].map((connection) => connection.quit().catch(() => connection.disconnect())),
      );
    });
  }

  io.use(async (socket, next) => {
    try {
      const session = await findSession(app.db, socket.handshake.auth?.token);
      if (!session) return next(new Error('unauthorized'));
      // Like every API route but setting it up: nothing live before the required second factor.
      if (session.mustSetUpTwoFactor) return next(new Error('two_factor_setup_required'));
      // A token's socket must be able to hear something (decision 0280).
      if (session.apiToken && !tokenMayListen(session.apiToken.scopes)) return next(new Error('insufficient_scope'));
      const { user } = session;
      socket.data = {
        session: sameSession(session),
        organizationIds: seesAllOrganizations(user) ? [] : await organizationIdsWorkedFor(app.db, user),
        recordRooms: {},
      };
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket) => {
    const { session, organizationIds } = socket.data;
    if (session.apiToken) hearOnlyWhatScopesAllow(socket, session.apiToken.scopes);
    void socket.join([userRoom(session.user.id), sessionRoom(session.id), ...organizationIds.map(organizationRoom)]);
  });

  app.decorate('io', io);
  app.decorate(
    'roomChanges',
    roomChanges(app.redis ? { client: app.redis, prefix: app.config.redisPrefix } : undefined),
  );
  // The connections are closed, not the sockets disconnected: a client whose server said "disconnect"
  // stays away, one that lost its connection reconnects, to another process when one remains.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
});

/** The parts of socket.io's internals an outgoing packet passes (socket.io 4: adapter broadcast and socket.emit). */
interface OutgoingPath {
  notifyOutgoingListeners?: (packet: { type: number; data?: unknown[] }) => void;
  client: { writeToEngine?: (encoded: unknown, options: unknown) => void };
}

/**
 * A token's socket hears only the events its scopes cover (contracts' tokenHearsEvent; an event it
 * does not list, never), wherever they come from: the user's room it shares with the owner's
 * browser tabs, a record's room, this process or another. Every event socket.io sends one socket
 * (a room's broadcast in the adapter, or socket.emit) is announced to the socket's outgoing
 * listeners and then written to its connection, at once, in that order: the announcement decides
 * whether the write that follows goes out. Acknowledgements and connection packets are not
 * announced and always go. Should an upgrade change that path, connecting fails loudly rather than
 * sending everything.
 */
function hearOnlyWhatScopesAllow(socket: AppSocket, scopes: TokenScopes) {
  const path = socket as unknown as OutgoingPath;
  const notify = path.notifyOutgoingListeners?.bind(socket);
  const write = path.client.writeToEngine?.bind(path.client);
  if (!notify || !write) throw new Error("socket.io's outgoing path changed: token sockets cannot be filtered");
  let dropNext = false;
  path.notifyOutgoingListeners = (packet) => {
    const [event, payload] = (packet.data ?? []) as [unknown, unknown];
    dropNext =
      EVENT_PACKETS.has(packet.type) && !(typeof event === 'string' && tokenHearsEvent(scopes, event, payload));
    notify(packet);
  };
  path.client.writeToEngine = (encoded, options) => {
    if (dropNext) {
      dropNext = false;
      return;
    }
    write(encoded, options);
  };
}
/** socket.io-parser's PacketType.EVENT (2) and BINARY_EVENT (5). */
const EVENT_PACKETS = new Set([2, 5]);

/** Drops the live connections of sessions that were just revoked, on every server process. */
export function disconnectSessions(app: FastifyInstance, sessionIds: readonly string[]) {
  if (sessionIds.length > 0) app.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
}

/**
 * The sockets in `room` on this process and on the others. With the Redis adapter a room change
 * for every process only travels through Redis, so this process applies it itself first: the
 * HTTP answer that ended an assignment comes after its own sockets have left.
 */
export function inRoomEverywhere(app: FastifyInstance, room: string | string[]): ReturnType<AppServer['in']>[] {
  return [app.io.local.in(room), app.io.in(room)];
}

/**
 * Puts a user's live sockets into an organization's room or takes them out of it, on every server
 * process: an advisor's assignment began or ended, and its sockets follow at once.
 */
export function setOrganizationRoomMembership(
  app: FastifyInstance,
  userId: string,
  organizationId: string,
  member: boolean,
) {
  for (const sockets of inRoomEverywhere(app, userRoom(userId))) {
    if (member) sockets.socketsJoin(organizationRoom(organizationId));
    else sockets.socketsLeave(organizationRoom(organizationId));
  }
}

/** Empties an organization's room on every server process (its account was closed: nobody acts in it). */
export function emptyOrganizationRoom(app: FastifyInstance, organizationId: string) {
  const room = organizationRoom(organizationId);
  for (const sockets of inRoomEverywhere(app, room)) sockets.socketsLeave(room);
}

/** Joins a record's room after the caller's read check, remembering its organization (leaveRecordRoomsOf). */
export async function joinRecordRoom(socket: AppSocket, room: string, organizationId: string) {
  socket.data.recordRooms[room] = organizationId;
  await socket.join(room);
}

export async function leaveRecordRoom(socket: AppSocket, room: string) {
  delete socket.data.recordRooms[room];
  await socket.leave(room);
}

/**
 * A user lost access to an organization (an advisor's assignment ended): its sockets, on every
 * process, leave that organization's record rooms (tickets, conversations) at once.
 */
export async function leaveRecordRoomsOf(app: FastifyInstance, userId: string, organizationId: string) {
  for (const socket of await app.io.in(userRoom(userId)).fetchSockets()) {
    for (const [room, roomOrganization] of Object.entries(socket.data.recordRooms)) {
      if (roomOrganization === organizationId) socket.leave(room);
    }
  }
}
