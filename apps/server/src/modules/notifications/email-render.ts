import { createHash } from 'node:crypto';
import {
  formatSlotTime,
  isTimeZone,
  NOTIFICATION_TYPES,
  type NotificationData,
  type NotificationRecordType,
  type NotificationType,
  notificationLine,
  recordPaths,
} from '@smart/contracts';
import { escapeHtml } from '../../mail/html.js';
import type { MailMessage } from '../../mail/mailer.js';
import { actorName, notificationLink } from './presenter.js';

/** One delivery of a batch, as the e-mail tells it. */
export interface EmailItem {
  deliveryId: string;
  type: NotificationType;
  recordType: NotificationRecordType;
  recordId: string;
  data: NotificationData;
  actor: { firstName: string; lastName: string } | null;
  createdAt: Date;
  /** Said instead of the notification's line (an invitation to the one who made the change). */
  line?: string | null;
  /** Lines after the change's own details (an invitation's time and people). */
  details?: string[];
}

export interface EmailBatch {
  to: string;
  firstName: string;
  /** The daily digest lists every record of the day; other batches are about one record. */
  digest: boolean;
  items: EmailItem[];
  /** The one-click unsubscribe URL (RFC 8058); null for security notices, which cannot be turned off. */
  unsubscribeUrl: string | null;
  /** The recipient's time zone (IANA): times the e-mail names are said in it; UTC when unknown. */
  timeZone?: string | null;
}

/**
 * The Message-ID of a batch, derived from its deliveries: a batch sent again after a crash between
 * sending and recording it carries the same id, which the file mailbox writes once and SMTP
 * receivers drop as a duplicate.
 */
export function batchMessageId(deliveryIds: string[], appUrl: string): string {
  const digest = createHash('sha256')
    .update([...deliveryIds].sort().join(','))
    .digest('hex')
    .slice(0, 40);
  return `<${digest}.notification@${new URL(appUrl).hostname}>`;
}

interface RecordGroup {
  title: string;
  link: string | null;
  items: EmailItem[];
}

/** Items grouped per record (first seen first), each group oldest first. */
function groupByRecord(items: EmailItem[], appUrl: string): RecordGroup[] {
  const groups = new Map<string, RecordGroup>();
  for (const item of [...items].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const key = `${item.recordType}:${item.recordId}`;
    const link = notificationLink(item.recordType, item.recordId, item.data);
    const group = groups.get(key) ?? { title: '', link: null, items: [] };
    // The newest item names the record as it is now.
    group.title = item.recordType === 'account' ? 'Your account' : (item.data.title ?? '');
    group.link = link ? `${appUrl}${link}` : group.link;
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const API_TOKEN_NOTICES = new Set<NotificationType>(['api_token_new_address', 'api_token_expiring']);

const lineOf = (item: EmailItem) => item.line ?? notificationLine(item.type, actorName(item.actor), item.data);

/** What changed, besides the line: the old and new value, and a comment's or message's first words. */
function detailsOf(item: EmailItem, timeZone: string): string[] {
  const details: string[] = [];
  if (item.data.from !== undefined || item.data.to !== undefined) {
    if (item.data.from || item.data.to) details.push(`${item.data.from || 'none'} → ${item.data.to || 'none'}`);
  }
  if (item.data.excerpt) details.push(`“${item.data.excerpt}”`);
  if (item.data.device) details.push(`Browser: ${item.data.device}`);
  if (item.data.address) details.push(`Address: ${item.data.address}`);
  if (item.data.expiresAt) details.push(`Expires: ${formatSlotTime(item.data.expiresAt, timeZone)}`);
  return [...details, ...(item.details ?? [])];
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function subjectOf(batch: EmailBatch, groups: RecordGroup[]): string {
  if (batch.digest) return `Your daily digest: ${plural(batch.items.length, 'update')}`;
  const [group] = groups;
  const [only] = batch.items;
  if (groups.length === 1 && only && batch.items.length === 1) return lineOf(only);
  return `${plural(batch.items.length, 'update')} on "${group?.title ?? ''}"`;
}

/** The e-mail of a batch: HTML and plain text, the unsubscribe headers, the stable Message-ID. */
export function renderEmail(batch: EmailBatch, appUrl: string, messageId: string): MailMessage {
  const groups = groupByRecord(batch.items, appUrl);
  const timeZone = batch.timeZone && isTimeZone(batch.timeZone) ? batch.timeZone : 'UTC';
  const security = batch.items.every((item) => NOTIFICATION_TYPES[item.type].category === 'security');
  // A token's notice: the remedy is the token (revoke or replace it where it is listed), not the password.
  const aboutTokens = batch.items.every((item) => API_TOKEN_NOTICES.has(item.type));
  const preferencesUrl = `${appUrl}${recordPaths.notificationPreferences}`;
  const greeting = batch.firstName ? `Hello ${batch.firstName},` : 'Hello,';
  const footer = security
    ? [
        'This is a security notice about your account; it is always sent.',
        aboutTokens
          ? 'Not you or your programs? Revoke the token where it is listed (Open it, above).'
          : `If this was not you, change your password now: ${appUrl}${recordPaths.profile}`,
      ]
    : [
        `Choose what you are told, and how: ${preferencesUrl}`,
        ...(batch.unsubscribeUrl ? [`Stop these e-mails: ${batch.unsubscribeUrl}`] : []),
      ];

  const text = [
    greeting,
    '',
    ...groups.flatMap((group) => [
      ...(batch.digest || groups.length > 1 ? [group.title, ''] : []),
      ...group.items.flatMap((item) => [
        `- ${lineOf(item)}`,
        ...detailsOf(item, timeZone).map((detail) => `  ${detail}`),
      ]),
      ...(group.link ? ['', `Open it: ${group.link}`] : []),
      '',
    ]),
    '--',
    ...footer,
    '',
  ].join('\n');

  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...groups.map((group) =>
      [
        batch.digest || groups.length > 1 ? `<h3>${escapeHtml(group.title)}</h3>` : '',
        '<ul>',
        ...group.items.map(
          (item) =>
            `<li>${escapeHtml(lineOf(item))}${detailsOf(item, timeZone)
              .map((detail) => `<br><span style="color:#555">${escapeHtml(detail)}</span>`)
              .join('')}</li>`,
        ),
        '</ul>',
        group.link ? `<p>${link(group.link, 'Open it in S.M.A.R.T.')}</p>` : '',
      ].join('\n'),
    ),
    '<hr>',
    security
      ? `<p style="color:#555">${escapeHtml(footer[0] ?? '')}<br>${
          aboutTokens
            ? escapeHtml(footer[1] ?? '')
            : `If this was not you, ${link(`${appUrl}${recordPaths.profile}`, 'change your password now')}.`
        }</p>`
      : `<p style="color:#555">${link(preferencesUrl, 'Notification preferences')}${
          batch.unsubscribeUrl ? ` · ${link(batch.unsubscribeUrl, 'Unsubscribe from these e-mails')}` : ''
        }</p>`,
  ].join('\n');

  return {
    to: batch.to,
    subject: subjectOf(batch, groups),
    text,
    html,
    messageId,
    ...(batch.unsubscribeUrl && {
      headers: {
        'List-Unsubscribe': `<${batch.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }),
  };
}
