import type { AdvisorMeeting, AvailableAdvisor, Conversation, NotificationSettings, User } from '@smart/contracts';

/** Records as the server answers them, for component tests: each whole, with what a test names changed. */

const CREATED = '2026-01-05T09:00:00.000Z';

export function aUser(changes: Partial<User> = {}): User {
  const id = changes.id ?? '00000000-0000-4000-8000-000000000001';
  const firstName = changes.firstName ?? 'Nora';
  const lastName = changes.lastName ?? 'Quinn';
  return {
    id,
    _id: id,
    email: `${firstName.toLowerCase()}@acme.example.com`,
    role: 'user',
    roles: ['user'],
    firstName,
    lastName,
    profileImage: null,
    profile: { firstName, lastName, profileImage: null, specialties: [], experience: null },
    meta: {
      phone: null,
      jobTitle: null,
      bio: null,
      location: null,
      website: null,
      profileImage: null,
      organizationId: '00000000-0000-4000-8000-000000000003',
      organizationName: 'Acme',
      department: null,
      departmentId: null,
      experience: null,
      onboardingCompleted: true,
    },
    isActive: true,
    createdAt: CREATED,
    twoFactorEnabled: false,
    twoFactorRequired: false,
    permissions: { canEdit: false, canDeactivate: false, canReactivate: false, canResetTwoFactor: false },
    ...changes,
  };
}

export function anAdvisor(changes: Partial<AvailableAdvisor> = {}): AvailableAdvisor {
  const id = changes.id ?? '00000000-0000-4000-8000-000000000002';
  return {
    id,
    _id: id,
    email: 'ada@advisors.example.com',
    firstName: 'Ada',
    lastName: 'Advisor',
    profileImage: null,
    jobTitle: null,
    phone: null,
    role: 'advisor',
    roles: ['advisor'],
    specialties: [],
    experience: null,
    ...changes,
  };
}

export function notificationSettings(changes: Partial<NotificationSettings> = {}): NotificationSettings {
  const on = { systemAlerts: true, projectUpdates: true, taskAssignments: true, teamMessages: true };
  return {
    email: { ...on, newsletter: false },
    sms: { systemAlerts: false, urgentTasks: false },
    inApp: { allNotifications: true, projectUpdates: true, taskAssignments: true, teamMessages: true },
    timeZone: 'UTC',
    emailDigest: 'off',
    phone: null,
    phoneVerified: false,
    ...changes,
  };
}

/** A session as the server answers its booking: the advisor, the booker, the time asked for. */
export function aMeeting(
  booked: { advisor: AvailableAdvisor; by: User; start: string; length: number; topic: string; agenda: string },
  changes: Partial<AdvisorMeeting> = {},
): AdvisorMeeting {
  const person = ({ id, firstName, lastName, email }: AvailableAdvisor | User) => ({
    id,
    firstName,
    lastName,
    email,
    profileImage: null,
  });
  return {
    id: '00000000-0000-4000-8000-000000000004',
    organizationId: booked.by.meta.organizationId ?? '',
    organizationName: booked.by.meta.organizationName ?? 'Acme',
    advisor: person(booked.advisor),
    bookedBy: person(booked.by),
    attendees: [person(booked.by)],
    start: booked.start,
    end: new Date(Date.parse(booked.start) + booked.length * 60_000).toISOString(),
    length: booked.length,
    topic: booked.topic,
    agenda: booked.agenda,
    status: 'scheduled',
    ticket: null,
    cancelledBy: null,
    cancelledAt: null,
    cancelReason: null,
    icalUid: 'session-1@smart',
    sequence: 0,
    reschedules: 0,
    lockedReason: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    permissions: { canEdit: true, canCancel: true },
    ...changes,
  };
}

/** A group conversation as the server answers its creation: its creator and the people named, nothing said yet. */
export function aConversation(
  created: { by: User; title: string; participants: (User | AvailableAdvisor)[] },
  changes: Partial<Conversation> = {},
): Conversation {
  const id = changes.id ?? '00000000-0000-4000-8000-000000000005';
  const people = [created.by, ...created.participants].map((person) => ({
    id: person.id,
    _id: person.id,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    profileImage: null,
    jobTitle: null,
    phone: null,
    role: person.role,
    roles: person.roles,
  }));
  return {
    id,
    _id: id,
    title: created.title,
    type: 'group',
    status: 'open',
    organizationId: created.by.meta.organizationId ?? '',
    organizationName: created.by.meta.organizationName ?? 'Acme',
    advisorId: null,
    category: 'general',
    priority: 'medium',
    description: null,
    tags: [],
    createdBy: created.by.id,
    participants: people,
    participantCount: people.length,
    lastMessage: null,
    unreadCount: 0,
    createdAt: CREATED,
    updatedAt: CREATED,
    lastActivityAt: CREATED,
    advisorAway: null,
    permissions: { canEdit: true, canChangeStatus: true, canManageParticipants: true },
    ...changes,
  };
}
