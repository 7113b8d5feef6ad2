import type { ObjectiveStatus, ProjectStatus, TaskPriority, TaskStatus, WorkPriority } from '@smart/contracts';
import { ACME_MEMBER, ACME_OWNER, ADVISOR, DANA, EMMA, GRACE, LIAM, LUCAS, NOAH, SAMIR } from './demo-people.js';

/**
 * Demo projects, objectives and tasks. Dates are days from the day of seeding, so a new
 * install always has work due this week and some overdue. People are named by e-mail.
 */
export interface DemoTask {
  title: string;
  description?: string;
  assignee?: string;
  priority: TaskPriority;
  status: TaskStatus;
  progress: number;
  dueInDays?: number;
  comments?: { author: string; text: string }[];
  attachment?: DemoAttachment;
  /** It repeats: monthly on its due date's day, the next one made when it is completed. */
  repeatsMonthly?: boolean;
}

export interface DemoObjective {
  title: string;
  description: string;
  status: ObjectiveStatus;
  priority: WorkPriority;
  dueInDays?: number;
  team?: string;
  attachment?: DemoAttachment;
  tasks: DemoTask[];
}

export interface DemoProject {
  organization: string;
  creator: string;
  title: string;
  description: string;
  status: ProjectStatus;
  priority: WorkPriority;
  startInDays: number;
  dueInDays?: number;
  tags: string[];
  team?: string;
  objectives: DemoObjective[];
}

/** A small file attached to an objective or task: a one-page PDF or a CSV, written at seeding. */
export interface DemoAttachment {
  name: string;
  kind: 'pdf' | 'csv';
  /** The text on the page (PDF) or the rows (CSV). */
  content: string;
}

export const demoProjects: DemoProject[] = [
  {
    organization: 'Acme Corp',
    creator: ACME_OWNER,
    title: 'Web Shop Relaunch',
    description: 'Move the web shop to the new platform with faster checkout and live stock levels.',
    status: 'active',
    priority: 'high',
    startInDays: -45,
    dueInDays: 40,
    tags: ['web', 'revenue', 'q4'],
    team: 'Web Platform',
    objectives: [
      {
        title: 'Faster checkout',
        description: 'Cut checkout to two steps and support saved payment methods.',
        status: 'in_progress',
        priority: 'high',
        dueInDays: 10,
        team: 'Web Platform',
        attachment: {
          name: 'checkout-flow.pdf',
          kind: 'pdf',
          content: 'Checkout flow: cart, address and payment on one page, then confirmation.',
        },
        tasks: [
          {
            title: 'Map the current checkout funnel',
            description: 'Export last quarter drop-off per step from analytics.',
            assignee: SAMIR,
            priority: 'medium',
            status: 'completed',
            progress: 100,
            dueInDays: -12,
            comments: [{ author: DANA, text: 'Step 3 (shipping options) loses the most people.' }],
          },
          {
            title: 'Design the two-step checkout',
            assignee: ACME_MEMBER,
            priority: 'high',
            status: 'in_progress',
            progress: 60,
            dueInDays: 2,
            comments: [
              { author: ACME_OWNER, text: 'Keep guest checkout, please.' },
              { author: ACME_MEMBER, text: 'Agreed; guest checkout stays on step one.' },
            ],
            attachment: {
              name: 'checkout-wireframes.pdf',
              kind: 'pdf',
              content: 'Wireframes: step one address and payment, step two review.',
            },
          },
          {
            title: 'Integrate saved payment methods',
            assignee: SAMIR,
            priority: 'high',
            status: 'in_progress',
            progress: 35,
            dueInDays: 6,
          },
          {
            title: 'Load-test checkout at 5x peak',
            assignee: NOAH,
            priority: 'medium',
            status: 'not_started',
            progress: 0,
            dueInDays: 9,
          },
        ],
      },
      {
        title: 'Live stock levels',
        description: 'Show stock from the warehouse system on every product page.',
        status: 'in_progress',
        priority: 'medium',
        dueInDays: 25,
        team: 'Web Platform',
        tasks: [
          {
            title: 'Expose stock levels from the warehouse API',
            assignee: LUCAS,
            priority: 'high',
            status: 'in_progress',
            progress: 50,
            dueInDays: -2,
          },
          {
            title: 'Cache stock per product for one minute',
            assignee: SAMIR,
            priority: 'medium',
            status: 'not_started',
            progress: 0,
            dueInDays: 14,
          },
          {
            title: 'Show "only N left" on product pages',
            assignee: ACME_MEMBER,
            priority: 'low',
            status: 'not_started',
            progress: 0,
            dueInDays: 20,
          },
        ],
      },
      {
        title: 'Launch communication',
        description: 'Tell existing customers about the new shop.',
        status: 'not_started',
        priority: 'medium',
        dueInDays: 38,
        team: 'Brand & Campaigns',
        tasks: [
          {
            title: 'Write the launch e-mail',
            assignee: DANA,
            priority: 'medium',
            status: 'not_started',
            progress: 0,
            dueInDays: 30,
          },
          {
            title: 'Plan the social posts',
            assignee: EMMA,
            priority: 'low',
            status: 'not_started',
            progress: 0,
            dueInDays: 33,
          },
          {
            title: 'Review launch messaging with our advisor',
            description: 'A second opinion on pricing messages before the launch.',
            assignee: ADVISOR,
            priority: 'medium',
            status: 'in_progress',
            progress: 20,
            dueInDays: 5,
            comments: [{ author: DANA, text: 'Draft is in the shared folder; feedback by Friday would be great.' }],
          },
        ],
      },
    ],
  },
  {
    organization: 'Acme Corp',
    creator: ACME_MEMBER,
    title: 'Warehouse Reorganisation',
    description: 'Re-slot the warehouse so the fastest-moving tools are nearest to packing.',
    status: 'planning',
    priority: 'medium',
    startInDays: 7,
    dueInDays: 90,
    tags: ['operations', 'efficiency'],
    team: 'Production Floor',
    objectives: [
      {
        title: 'Measure pick paths',
        description: 'Know how far pickers walk today.',
        status: 'in_progress',
        priority: 'medium',
        dueInDays: 14,
        team: 'Production Floor',
        attachment: {
          name: 'pick-counts.csv',
          kind: 'csv',
          content: 'aisle,picks_per_day\nA,420\nB,310\nC,95\nD,40',
        },
        tasks: [
          {
            title: 'Count picks per aisle for two weeks',
            assignee: LIAM,
            priority: 'medium',
            status: 'in_progress',
            progress: 45,
            dueInDays: 4,
          },
          {
            title: 'Draw the current floor plan',
            assignee: ACME_MEMBER,
            priority: 'low',
            status: 'completed',
            progress: 100,
            dueInDays: -5,
          },
          {
            title: 'Interview the packing team',
            assignee: ACME_MEMBER,
            priority: 'medium',
            status: 'not_started',
            progress: 0,
            dueInDays: -1,
            comments: [{ author: LIAM, text: 'Mornings work best for the packing team.' }],
          },
        ],
      },
      {
        title: 'New slotting plan',
        description: 'Decide where each product family goes.',
        status: 'not_started',
        priority: 'medium',
        dueInDays: 60,
        tasks: [
          {
            title: 'Rank products by pick frequency',
            assignee: GRACE,
            priority: 'medium',
            status: 'not_started',
            progress: 0,
            dueInDays: 30,
          },
          {
            title: 'Propose the new layout',
            assignee: ACME_MEMBER,
            priority: 'high',
            status: 'not_started',
            progress: 0,
            dueInDays: 45,
          },
          { title: 'Budget shelving changes', assignee: GRACE, priority: 'medium', status: 'not_started', progress: 0 },
        ],
      },
    ],
  },
  {
    organization: 'Acme Corp',
    creator: GRACE,
    title: 'Year-End Close',
    description: 'Close the books for the year and prepare for the audit.',
    status: 'on_hold',
    priority: 'high',
    startInDays: -20,
    dueInDays: 35,
    tags: ['finance', 'audit'],
    team: 'Accounting',
    objectives: [
      {
        title: 'Reconcile accounts',
        description: 'All balance-sheet accounts reconciled and signed off.',
        status: 'in_progress',
        priority: 'high',
        dueInDays: 15,
        team: 'Accounting',
        tasks: [
          {
            title: 'Reconcile bank accounts',
            assignee: GRACE,
            priority: 'high',
            status: 'completed',
            progress: 100,
            dueInDays: -3,
          },
          {
            title: 'Reconcile inventory',
            assignee: LIAM,
            priority: 'high',
            status: 'in_progress',
            progress: 25,
            dueInDays: -4,
          },
          {
            title: 'Review accruals',
            assignee: GRACE,
            priority: 'medium',
            status: 'in_progress',
            progress: 70,
            dueInDays: 8,
          },
          {
            title: 'Collect open supplier invoices',
            assignee: ACME_MEMBER,
            priority: 'medium',
            status: 'in_progress',
            progress: 40,
            dueInDays: 3,
          },
          {
            title: 'Close the month: payroll and VAT return',
            description: 'Run payroll, file the VAT return and send both to our advisor for review.',
            assignee: GRACE,
            priority: 'high',
            status: 'not_started',
            progress: 0,
            dueInDays: 6,
            repeatsMonthly: true,
          },
        ],
      },
      {
        title: 'Audit readiness',
        description: 'Everything the auditors asked for, in one place.',
        status: 'on_hold',
        priority: 'medium',
        dueInDays: 34,
        tasks: [
          {
            title: 'Prepare the audit binder',
            assignee: GRACE,
            priority: 'medium',
            status: 'not_started',
            progress: 0,
            dueInDays: 28,
          },
          {
            title: 'Book the auditors',
            assignee: ACME_OWNER,
            priority: 'low',
            status: 'completed',
            progress: 100,
            dueInDays: -15,
          },
          { title: 'List fixed-asset changes', priority: 'low', status: 'not_started', progress: 0, dueInDays: 25 },
        ],
      },
    ],
  },
  {
    organization: 'Acme Corp',
    creator: ACME_OWNER,
    title: 'Spring Catalogue',
    description: 'The printed and online catalogue for spring.',
    status: 'completed',
    priority: 'low',
    startInDays: -120,
    dueInDays: -30,
    tags: ['marketing'],
    team: 'Brand & Campaigns',
    objectives: [
      {
        title: 'Catalogue content',
        description: 'Photos and copy for 120 products.',
        status: 'completed',
        priority: 'medium',
        dueInDays: -40,
        team: 'Brand & Campaigns',
        tasks: [
          {
            title: 'Shoot product photos',
            assignee: EMMA,
            priority: 'medium',
            status: 'completed',
            progress: 100,
            dueInDays: -60,
          },
          {
            title: 'Write product copy',
            assignee: DANA,
            priority: 'medium',
            status: 'completed',
            progress: 100,
            dueInDays: -50,
          },
          {
            title: 'Proofread the catalogue',
            assignee: ACME_MEMBER,
            priority: 'low',
            status: 'completed',
            progress: 100,
            dueInDays: -42,
          },
        ],
      },
      {
        title: 'Print and ship',
        description: 'Printed copies to our top 500 customers.',
        status: 'completed',
        priority: 'low',
        dueInDays: -30,
        tasks: [
          {
            title: 'Get print quotes',
            assignee: GRACE,
            priority: 'low',
            status: 'completed',
            progress: 100,
            dueInDays: -38,
          },
          {
            title: 'Mail to top customers',
            assignee: LIAM,
            priority: 'medium',
            status: 'completed',
            progress: 100,
            dueInDays: -31,
          },
          {
            title: 'Measure catalogue orders',
            assignee: DANA,
            priority: 'low',
            status: 'completed',
            progress: 100,
            dueInDays: -30,
          },
        ],
      },
    ],
  },
  {
    organization: 'Globex',
    creator: 'owner@globex.example.com',
    title: 'Route Planning Pilot',
    description: 'Try route-planning software with two delivery vans.',
    status: 'active',
    priority: 'medium',
    startInDays: -10,
    dueInDays: 20,
    tags: ['logistics', 'pilot'],
    team: 'Fleet Dispatch',
    objectives: [
      {
        title: 'Pilot with two vans',
        description: 'Run the pilot for three weeks and compare miles driven.',
        status: 'in_progress',
        priority: 'medium',
        dueInDays: 18,
        team: 'Fleet Dispatch',
        tasks: [
          {
            title: 'Choose the pilot routes',
            assignee: 'nina.brooks@globex.example.com',
            priority: 'medium',
            status: 'completed',
            progress: 100,
            dueInDays: -6,
          },
          {
            title: 'Train the drivers',
            assignee: 'omar.haddad@globex.example.com',
            priority: 'medium',
            status: 'in_progress',
            progress: 50,
            dueInDays: 3,
          },
          {
            title: 'Compare miles driven',
            assignee: 'nina.brooks@globex.example.com',
            priority: 'high',
            status: 'not_started',
            progress: 0,
            dueInDays: 18,
          },
        ],
      },
    ],
  },
];
