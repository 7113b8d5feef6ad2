import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisServerBinary, startPrivateRedis } from '../cluster/redis.js';
import { roomChanges } from '../src/lib/room-changes.js';

/**
 * A record room's last change after Redis restarts empty (decision 0273): the marks made before,
 * and any made while it was away, are gone, so a join answers "changed at the latest when Redis came
 * back", and a page that read before then reads again; a mark Redis keeps is answered as it is.
 */
const binary = await redisServerBinary();
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!binary)('room changes when Redis comes back empty (needs redis-server installed)', () => {
  it('answers no earlier than its return for a room whose mark was lost', async () => {
    const redis = await startPrivateRedis(binary as string);
    cleanups.push(redis.remove);
    const client = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: false });
    client.on('error', () => undefined);
    cleanups.push(async () => client.disconnect());
    await client.connect();
    const changes = roomChanges({ client, prefix: 'room-changes-test:' });
    const ready = () => new Promise((resolve) => client.once('ready', resolve));

    changes.changed(['ticket:before']);
    await expect.poll(() => client.get('room-changes-test:room-changed:ticket:before')).not.toBeNull();
    const pageReadAt = Date.now();
    // Kept by Redis: answered as marked, before the page's read (nothing to read again).
    expect(Date.now() - (await changes.changedMsAgo('ticket:before'))).toBeLessThanOrEqual(pageReadAt);

    await redis.kill();
    // A change while Redis is away: its mark is lost.
    changes.changed(['ticket:before']);
    const back = ready();
    await redis.start();
    await back;
    const cameBackAt = Date.now();

    // The new Redis knows nothing of the room: it may have changed after the page read, up to Redis's return.
    const changedAt = Date.now() - (await changes.changedMsAgo('ticket:before'));
    expect(changedAt).toBeGreaterThan(pageReadAt);
    expect(changedAt).toBeLessThanOrEqual(cameBackAt);
  }, 30_000);
});
