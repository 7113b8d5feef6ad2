import type { Redis } from 'ioredis';

/**
 * When each record room last heard a change (docs/decisions/0219-a-room-join-catches-up-only-on-what-it-missed.md).
 * A page reads its record over HTTP and joins the record's room over the socket at about the same
 * time; a change between its read and its join is heard by neither, so the join's answer says how
 * long ago the room last changed (`changedMsAgo`) and the page reads again only what it read
 * before then. With Redis every process sees every process's changes; without it the one process
 * keeps them in memory, the oldest forgotten beyond ROOM_CHANGES_KEPT. What is not known is
 * answered as "at the latest when this process started, when Redis last came back, or when it forgot
 * a room": never later than the truth, so a page only ever reads once more than it needs, never once less.
 */
export interface RoomChanges {
  /** A change was announced in these rooms (after its commit). */
  changed(rooms: readonly string[]): void;
  /** How long ago the room last changed, at most. */
  changedMsAgo(room: string): Promise<number>;
}

/** Rooms remembered in memory; also how long Redis keeps a room's last change. */
const ROOM_CHANGES_KEPT = 10_000;
const ROOM_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export function roomChanges(redis?: { client: Redis; prefix: string }): RoomChanges {
  const startedAt = Date.now();
  const changedAt = new Map<string, number>();
  let forgottenUpTo = startedAt;

  if (redis) {
    const key = (room: string) => `${redis.prefix}room-changed:${room}`;
    // A Redis that came back may be a new, empty one (restarted without persistence), and a mark made
    // while it was away was lost: what it does not know may have changed up to its return.
    let lostUpTo = 0;
    let away = false;
    redis.client.on('close', () => {
      away = true;
    });
    redis.client.on('ready', () => {
      if (!away) return;
      away = false;
      lostUpTo = Date.now();
    });
    return {
      changed(rooms) {
        const now = String(Date.now());
        const batch = redis.client.multi();
        for (const room of rooms) batch.set(key(room), now, 'PX', ROOM_CHANGE_TTL_MS);
        // A lost mark is a missed catch-up: the page still hears every later change.
        batch.exec().catch(() => undefined);
      },
      async changedMsAgo(room) {
        const now = Date.now();
        // Redis away: the room may have changed just now, and the page reads again (decision 0266).
        const stored = Number(await redis.client.get(key(room)).catch(() => now));
        // Unknown: not within the mark's lifetime, nor (if Redis lost it) since this process started
        // or Redis last came back; a mark older than that return may have missed a change meanwhile.
        const latest = Math.max(stored > 0 ? stored : Math.max(startedAt, now - ROOM_CHANGE_TTL_MS), lostUpTo);
        return Math.max(0, now - latest);
      },
    };
  }

  return {
    changed(rooms) {
      const now = Date.now();
      for (const room of rooms) {
        // Re-inserted: the map stays in order of change, oldest first.
        changedAt.delete(room);
        changedAt.set(room, now);
      }
      for (const [room, at] of changedAt) {
        if (changedAt.size <= ROOM_CHANGES_KEPT) break;
        changedAt.delete(room);
        forgottenUpTo = at;
      }
    },
    async changedMsAgo(room) {
      const now = Date.now();
      return Math.max(0, now - (changedAt.get(room) ?? forgottenUpTo));
    },
  };
}
