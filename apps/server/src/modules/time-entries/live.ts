import { TIMER_EVENTS, type TimerChangedEvent } from '@smart/contracts';
import type { FastifyRequest } from 'fastify';
import { originConnection, userRoom } from '../../plugins/realtime.js';

/**
 * After a change of the caller's timer committed: its other tabs and devices (its user room, on
 * every server process) hear of it and read the timer again; the tab that made it has the answer.
 */
export function announceTimer(request: FastifyRequest, userId: string, change: TimerChangedEvent['change']) {
  request.server.io.to(userRoom(userId)).except(originConnection(request)).emit(TIMER_EVENTS.changed, { change });
}
