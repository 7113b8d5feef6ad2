import { conversationParticipants, conversations, messages } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { conversationRoutes } from './conversations/routes.js';
import { conversationSocketEvents } from './conversations/socket.js';
import { readMessageForFiles } from './messages/attachments.js';
import { messageRoutes } from './messages/routes.js';
import { messageSocketEvents } from './messages/socket.js';

export { announceMessageUpdated } from './conversations/live.js';
export { addMembersOfOrganization, addParticipants } from './conversations/participants.js';
export { type ConversationRecord, hasUnreadMessages, selectConversationRecords } from './conversations/records.js';
export { messageNotificationRules } from './messages/notifications.js';
export { linkMessageToTicket, readableMessageIn } from './messages/service.js';
export const messengerModule: ServerModule = {
  name: 'messenger',
  routes: registerRoutes(conversationRoutes, messageRoutes),
  socketEvents: [...conversationSocketEvents, ...messageSocketEvents],
  recordReaders: { message: readMessageForFiles },
  organizationData: organizationTables(conversations, conversationParticipants, messages),
};
