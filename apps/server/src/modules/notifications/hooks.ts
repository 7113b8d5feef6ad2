import type { NotificationData, NotificationRecordType, NotificationType } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { MailMessage } from '../../mail/mailer.js';

/*
 * What the domains that feed the notification engine hand it through their manifests
 * (modules/manifest.ts): the engine imports none of them, it calls what was registered.
 */

/** The delivery being sent, as the e-mail channel loaded it. */
export interface InvitationDelivery {
  type: NotificationType;
  meetingId: string;
  data: NotificationData;
  /** When the change happened: the DTSTAMP, the same on every try of this delivery. */
  createdAt: Date;
  /** The recipient's zone (null: UTC), for the subject and the body. */
  timeZone: string | null;
  /** The recipient made the change (it gets its invitation, told in its own words). */
  ownAct: boolean;
}

/** What an invitation adds to the notification e-mail. */
export interface InvitationMail {
  subject: string;
  icalEvent: NonNullable<MailMessage['icalEvent']>;
  /** The line in the recipient's own words when it made the change; else the notification's. */
  line: string | null;
  details: string[];
}

/** Renders the invitation (an .ics) a calendar delivery about a record of its type carries. */
export type InvitationRenderer = (
  db: Database,
  appUrl: string,
  delivery: InvitationDelivery,
) => Promise<InvitationMail | null>;

/** Starts a reminder sweep on the job queue (tasks' due dates, sessions' start), beside the engine. */
export type ReminderSweep = (app: FastifyInstance) => Promise<void>;

/** Runs in the transaction that changes a person's time zone, before the change (with the zone it had). */
export type TimeZoneChangeHook = (tx: Database, userId: string, zoneBefore: string | null) => Promise<void>;

/** A module's hooks into the engine. */
export interface NotificationHooks {
  invitationRenderers?: Partial<Record<NotificationRecordType, InvitationRenderer>>;
  reminderSweeps?: ReminderSweep[];
  timeZoneChanged?: TimeZoneChangeHook[];
}

const invitationRenderers = new Map<NotificationRecordType, InvitationRenderer>();
const reminderSweeps = new Set<ReminderSweep>();
const timeZoneHooks = new Set<TimeZoneChangeHook>();

/** Takes the hooks the modules hand in (app.ts, from their manifests; the same ones again change nothing). */
export function registerNotificationHooks(handedIn: NotificationHooks[]) {
  for (const hooks of handedIn) {
    for (const [type, render] of Object.entries(hooks.invitationRenderers ?? {}) as [
      NotificationRecordType,
      InvitationRenderer,
    ][])
      invitationRenderers.set(type, render);
    for (const sweep of hooks.reminderSweeps ?? []) reminderSweeps.add(sweep);
    for (const hook of hooks.timeZoneChanged ?? []) timeZoneHooks.add(hook);
  }
}

export const invitationRendererOf = (type: NotificationRecordType) => invitationRenderers.get(type);
export const registeredReminderSweeps = () => [...reminderSweeps];
export const registeredTimeZoneHooks = () => [...timeZoneHooks];
