import type { ConversationType } from '@smart/contracts';
import { ACME_MEMBER, ACME_OWNER, ADVISOR, DANA, GLOBEX_OWNER, NINA, SAMIR } from './demo-people.js';
import type { DemoAttachment } from './demo-work.js';

/** A seeded conversation: who is in it and what they said, oldest first. */
export interface DemoConversation {
  organization: string;
  type: ConversationType;
  title: string;
  /** The advisor of an advisor chat (type ticket). */
  advisor?: string;
  createdBy: string;
  /** Besides the creator (and the advisor); a general conversation has every member. */
  participants: string[];
  /** [sender e-mail, text, a file on it], oldest first, a few minutes apart. */
  messages: [string, string, DemoAttachment?][];
  /** How many of the last messages each of these people has not read (everyone else read all). */
  unread?: Record<string, number>;
  /** When its first message was sent. */
  ageHours: number;
}

export const demoConversations: DemoConversation[] = [
  {
    organization: 'Acme Corp',
    type: 'general',
    title: 'General',
    createdBy: ACME_OWNER,
    participants: [],
    ageHours: 72,
    messages: [
      [ACME_OWNER, 'Welcome to the Acme messenger! Use this conversation for anything the whole company should see.'],
      [DANA, 'The office will be closed on Friday for the move.'],
      [SAMIR, 'Reminder: timesheets are due by 5 pm today.'],
    ],
    unread: { [ACME_MEMBER]: 2 },
  },
  {
    organization: 'Acme Corp',
    type: 'group',
    title: 'Q3 launch',
    createdBy: DANA,
    participants: [ACME_OWNER, ACME_MEMBER, SAMIR],
    ageHours: 30,
    messages: [
      [DANA, 'Kick-off for the Q3 launch: the draft plan is in the Launch project.'],
      [ACME_OWNER, 'Thanks Dana. Can we have the budget numbers by Wednesday?'],
      [SAMIR, 'I will send them tomorrow morning.'],
      [ACME_MEMBER, 'I can prepare the customer e-mail.'],
      [
        DANA,
        'Great, here is last year’s for reference.',
        { name: 'launch-email-2025.pdf', kind: 'pdf', content: 'Launch e-mail, 2025 edition' },
      ],
      [SAMIR, 'Budget attached to the project now.'],
    ],
    unread: { [ACME_MEMBER]: 1 },
  },
  {
    organization: 'Acme Corp',
    type: 'ticket',
    title: 'General Discussion',
    advisor: ADVISOR,
    createdBy: ACME_OWNER,
    participants: [ACME_MEMBER],
    ageHours: 48,
    messages: [
      [ACME_OWNER, 'Hi! Could you look at our quarterly numbers before the board meeting?'],
      [ADVISOR, 'Of course. Send me the report and I will comment by Thursday.'],
      [ACME_OWNER, 'Here it is.', { name: 'q2-report.pdf', kind: 'pdf', content: 'Acme Corp, Q2 report' }],
      [ADVISOR, 'Margins look healthy; the travel budget is 20% over plan. Worth a line in the deck.'],
      [ADVISOR, 'Also: the VPN ticket is resolved on our side, please confirm.'],
    ],
    unread: { [ACME_MEMBER]: 2, [ACME_OWNER]: 1 },
  },
  {
    organization: 'Globex',
    type: 'ticket',
    title: 'General Discussion',
    advisor: ADVISOR,
    createdBy: GLOBEX_OWNER,
    participants: [NINA],
    ageHours: 20,
    messages: [
      [GLOBEX_OWNER, 'We are planning to hire 5 people next month. Any advice on onboarding?'],
      [ADVISOR, 'Start with a checklist per role; the HR templates have a good one.'],
      [NINA, 'Thanks, we will use the Onboarding checklist template.'],
    ],
    unread: { [ADVISOR]: 1 },
  },
];
