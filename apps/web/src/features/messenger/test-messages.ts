import type { Conversation, Message, UserSummary } from '@smart/contracts';

/** Messages and conversations for the unit tests: only what the pure functions read is meaningful. */
export function person(id: string, firstName = 'Ana', lastName = 'Lima'): UserSummary {
  return {
    id,
    _id: id,
    email: `${id}@example.com`,
    firstName,
    lastName,
    profileImage: null,
    jobTitle: null,
    phone: null,
    role: 'user',
    roles: ['user'],
  };
}

export function message(id: string, createdAt: string, sender = person('u1'), conversationId = 'c1'): Message {
  return {
    id,
    _id: id,
    conversationId,
    content: `text of ${id}`,
    messageType: 'text',
    attachments: [],
    senderId: sender,
    createdAt,
    ticket: null,
    clientMessageId: null,
    mentions: [],
  };
}

export function conversation(id: string, lastActivityAt: string, unreadCount = 0): Conversation {
  return {
    id,
    _id: id,
    title: `Conversation ${id}`,
    type: 'group',
    status: 'open',
    organizationId: 'o1',
    organizationName: 'Acme',
    advisorId: null,
    category: 'general',
    priority: 'medium',
    description: null,
    tags: [],
    createdBy: null,
    participants: [],
    participantCount: 2,
    lastMessage: null,
    unreadCount,
    createdAt: lastActivityAt,
    updatedAt: lastActivityAt,
    lastActivityAt,
    advisorAway: null,
    permissions: { canEdit: true, canChangeStatus: true, canManageParticipants: true },
  };
}
