import { fileDownloadPathOf, type Message, type MessageAttachment } from '@smart/contracts';
import type { MessageRow, TicketRow } from '../../../db/schema/index.js';
import type { AttachmentRow } from '../../files/index.js';
import { summaryOrNull, type UserSummaryRow } from '../../people/index.js';

/** A message with its sender, its ticket and its files, as every message query selects it. */
export interface MessageRecord {
  message: MessageRow;
  sender: UserSummaryRow | null;
  ticket: Pick<TicketRow, 'id' | 'title' | 'status'> | null;
  attachments: AttachmentRow[];
}

/** A file on a message; `fileUrl` answers its signed download link to participants. */
export function presentMessageAttachment(file: AttachmentRow): MessageAttachment {
  return {
    s3Key: file.key,
    originalName: file.originalName,
    fileType: file.contentType,
    fileSize: file.size,
    fileUrl: fileDownloadPathOf(file.key),
    fileName: file.key,
  };
}

/** Row → the API's message JSON (contracts' schema): `senderId` is the sender, as the API names it. */
export function presentMessage({ message, sender, ticket, attachments }: MessageRecord): Message {
  return {
    id: message.id,
    _id: message.id,
    conversationId: message.conversationId,
    content: message.content,
    messageType: message.messageType,
    attachments: attachments.map(presentMessageAttachment),
    senderId: summaryOrNull(sender),
    createdAt: message.createdAt.toISOString(),
    ticket: ticket ? { id: ticket.id, title: ticket.title, status: ticket.status } : null,
    clientMessageId: message.clientMessageId,
    mentions: message.mentions,
  };
}
