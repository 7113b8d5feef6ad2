import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@smart/contracts';
import type { DemoAttachment } from './demo-work.js';

/** A seeded support ticket: who raised it, where it stands, its comments and file. */
export interface DemoTicket {
  organization: string;
  creator: string;
  title: string;
  description: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  assignee?: string;
  /** [author e-mail, text], oldest first. */
  comments: [string, string][];
  attachment?: DemoAttachment;
  /** How many days ago it was raised. */
  ageDays: number;
}

export const DEMO_ADVISOR = 'advisor@smart.example.com';

/** What people ask for: [title, description, category]. */
const ACME_SUBJECTS: [string, string, TicketCategory][] = [
  ['VPN drops every hour', 'The VPN client disconnects about every hour and needs a restart.', 'technical'],
  ['Invoice shows the wrong seat count', 'The March invoice lists 40 seats; we have 32 active users.', 'billing'],
  ['Export tasks to CSV', 'We would like to export a project’s tasks to CSV for our weekly report.', 'feature_request'],
  ['Dashboard cards overlap on small screens', 'On a 13" laptop the dashboard cards overlap each other.', 'bug_report'],
  ['How do we add a department?', 'Our new Legal team needs a department; where is that done?', 'general'],
  ['Password reset e-mail never arrives', 'Two colleagues asked for a reset link and received nothing.', 'technical'],
  ['Change the billing address', 'We moved offices; invoices should go to the new address.', 'billing'],
  ['Recurring tasks', 'Monthly close tasks should repeat by themselves.', 'feature_request'],
  ['Progress bar stuck at 95%', 'A task set to completed still shows 95% on the project page.', 'bug_report'],
  ['Training for new managers', 'Can you run a short session for our three new managers?', 'general'],
  ['Slow project list in the morning', 'Between 8 and 9 the project list takes several seconds to load.', 'technical'],
  ['Refund for a double charge', 'Our card was charged twice on the 1st of the month.', 'billing'],
  ['Dark mode', 'Several people work late and would like a dark theme.', 'feature_request'],
  ['Attachment preview fails for PDFs', 'Opening a PDF attached to a task shows an empty page.', 'bug_report'],
  ['Who can see our tickets?', 'Please confirm which of your staff can read our tickets.', 'general'],
  ['Single sign-on with our directory', 'We would like people to sign in with our company accounts.', 'technical'],
  ['Annual plan discount', 'Is there a discount when paying for a year in advance?', 'billing'],
  ['Gantt view for projects', 'A timeline of objectives would help our planning meetings.', 'feature_request'],
  ['Team member list shows removed people', 'Liam left the Ops team last week but still appears in it.', 'bug_report'],
  ['Quarterly review call', 'Could our advisor schedule the quarterly review call?', 'general'],
  ['Mobile layout of the ticket page', 'On phones the ticket detail page cuts off the comments.', 'bug_report'],
  [
    'Printer queue stuck on the 2nd floor',
    'Print jobs from the finance laptops wait forever in the queue.',
    'technical',
  ],
  ['Invoice in euros', 'Our Dublin office needs its invoices in euros.', 'billing'],
  [
    'Task templates for onboarding',
    'New hires get the same twelve tasks; a template would save time.',
    'feature_request',
  ],
  ['Due dates shift by one day', 'A task due on the 14th shows the 13th for colleagues in Denver.', 'bug_report'],
  ['Best way to structure our teams', 'Should Sales and Customer Success be one department or two?', 'general'],
  ['Outlook calendar sync', 'Project due dates should appear in our Outlook calendars.', 'technical'],
  ['Upgrade to the Business plan', 'We would like to move to the Business plan from next month.', 'billing'],
  ['Comment mentions', 'Mentioning a colleague in a task comment should notify them.', 'feature_request'],
  ['Search misses tasks with accents', 'Searching "resume" does not find the task "Résumé screening".', 'bug_report'],
  ['Year-end planning workshop', 'We would like our advisor to run a planning workshop in December.', 'general'],
  ['Shared mailbox for support', 'Can replies to tickets also go to support@acme.example.com?', 'technical'],
  ['VAT number missing on invoices', 'Our VAT number must appear on every invoice.', 'billing'],
  ['Bulk-assign tasks', 'Reassigning twenty tasks after a holiday takes too many clicks.', 'feature_request'],
  ['Notification bell count wrong', 'The bell shows 3 unread after everything has been read.', 'bug_report'],
  ['Budget review before Q3', 'We need help reviewing the Q3 budget before the board meeting.', 'general'],
  ['Wi-Fi guest access policy', 'What should our guest Wi-Fi policy say about visitors’ devices?', 'technical'],
  ['Receipt for the October payment', 'Our bookkeeper needs a receipt for the October payment.', 'billing'],
  ['Project colours', 'Colour-coding projects would make the list easier to scan.', 'feature_request'],
  ['Logo looks blurry in the sidebar', 'Our logo is sharp on the upload page but blurry in the sidebar.', 'bug_report'],
  ['Hiring plan for the warehouse', 'Could we discuss how many people the new warehouse needs?', 'general'],
  ['Laptop encryption status', 'We need to confirm every company laptop has disk encryption on.', 'technical'],
];

const GLOBEX_SUBJECTS: [string, string, TicketCategory][] = [
  ['Cannot upload the company logo', 'Uploading our PNG logo ends with an error.', 'bug_report'],
  ['Add five user seats', 'We are hiring and need five more seats this month.', 'billing'],
  ['Import users from a spreadsheet', 'Adding 60 people one by one is slow; can we import them?', 'feature_request'],
  ['Two-factor sign-in', 'Our security policy requires two-factor sign-in for all staff.', 'technical'],
  ['Where are our invoices?', 'Our accountant cannot find last year’s invoices.', 'general'],
  ['Holiday calendar for the plant', 'Which public holidays should the plant schedule follow?', 'general'],
  ['E-mails land in spam', 'Invitations to new colleagues end up in their spam folders.', 'technical'],
  ['Pay by bank transfer', 'Our finance team prefers to pay invoices by bank transfer.', 'billing'],
  ['Archive finished projects', 'Finished projects should move out of the main list.', 'feature_request'],
  ['Team page shows an empty lead', 'The Research team page shows a blank team lead after an edit.', 'bug_report'],
];

const ACME_PEOPLE = [
  'member@acme.example.com',
  'owner@acme.example.com',
  'dana.lee@acme.example.com',
  'samir.patel@acme.example.com',
  'grace.kim@acme.example.com',
  'noah.williams@acme.example.com',
];
const GLOBEX_PEOPLE = ['owner@globex.example.com', 'nina.brooks@globex.example.com', 'omar.haddad@globex.example.com'];

const REPLIES = [
  'Thanks, we are looking into it.',
  'Could you send a screenshot of what you see?',
  'Attached what we found so far.',
  'This should be fixed now; please check on your side.',
];

/** One ticket per subject, over every status and priority, a third assigned (the advisor on Acme's). */
function ticketsOf(
  organization: string,
  subjects: [string, string, TicketCategory][],
  people: string[],
  handler: string,
): DemoTicket[] {
  const count = subjects.length;
  return Array.from({ length: count }, (_, index) => {
    const [title, description, category] = subjects[index] as [string, string, TicketCategory];
    const status = TICKET_STATUSES[index % TICKET_STATUSES.length] as TicketStatus;
    const creator = people[index % people.length] as string;
    const assignee = status === 'open' && index % 8 === 0 ? undefined : index % 3 === 0 ? handler : undefined;
    const replier = assignee ?? (people[(index + 1) % people.length] as string);
    return {
      organization,
      creator,
      title,
      description,
      category,
      priority: TICKET_PRIORITIES[(index * 3) % TICKET_PRIORITIES.length] as TicketPriority,
      status,
      assignee: assignee ?? (status === 'in_progress' ? handler : undefined),
      comments: REPLIES.slice(0, index % 3).map((text, reply) => [reply % 2 === 0 ? replier : creator, text]),
      attachment:
        index % 9 === 2
          ? {
              name: `ticket-${index + 1}-details.csv`,
              kind: 'csv',
              content: 'time,event\n09:00,reported\n09:05,reproduced',
            }
          : undefined,
      ageDays: count - index,
    };
  });
}

export const demoTickets: DemoTicket[] = [
  ...ticketsOf('Acme Corp', ACME_SUBJECTS, ACME_PEOPLE, DEMO_ADVISOR),
  ...ticketsOf('Globex', GLOBEX_SUBJECTS, GLOBEX_PEOPLE, 'owner@globex.example.com'),
];
