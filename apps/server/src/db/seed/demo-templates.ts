import type { DepartmentIconName, TemplateDepartmentColor } from '@smart/contracts';

/**
 * The demo template library: the sign-in page's template pillar — finance, operations,
 * leadership, HR and marketing — with 3 to 8 templates each. A template has a policy or process
 * PDF, a fill-in DOCX form, or both (the first is the primary one); download counts make Popular
 * and Most Downloaded show something. seed/templates.ts writes them.
 */

export interface DemoTemplate {
  name: string;
  description: string;
  category: string;
  tags: string[];
  downloads: number;
  /** Last updated this many days ago. */
  ageDays: number;
  /** The PDF: why it exists and its rules (bullets). */
  policy?: { purpose: string; rules: string[] };
  /** The DOCX form: the fields to fill in and who signs. */
  form?: { fields: string[]; signatures: string[] };
  /** The form comes first (and so is the primary file). */
  formFirst?: boolean;
}

export interface DemoTemplateDepartment {
  name: string;
  description: string;
  icon: DepartmentIconName;
  color: TemplateDepartmentColor;
  templates: DemoTemplate[];
}

export const demoTemplateDepartments: DemoTemplateDepartment[] = [
  {
    name: 'Finance',
    description: 'Budgets, expenses, purchasing and financial controls.',
    icon: 'HiCurrencyDollar',
    color: 'green',
    templates: [
      {
        name: 'Expense Reimbursement Policy',
        description: 'What the company pays back, how to claim it and by when.',
        category: 'Policy',
        tags: ['expenses', 'travel', 'reimbursement'],
        downloads: 342,
        ageDays: 12,
        policy: {
          purpose:
            'This policy explains which business expenses are reimbursed and how employees claim them, so that claims are fair, quick to approve and easy to audit.',
          rules: [
            'Claims are submitted within 30 days of the expense, with an itemised receipt.',
            'Economy travel is booked for flights under six hours.',
            'Meals are reimbursed up to the daily allowance published by Finance.',
            'Alcohol, fines and personal entertainment are never reimbursed.',
            'Managers approve claims within five working days; Finance pays within ten.',
          ],
        },
        form: {
          fields: ['Employee name', 'Department', 'Date of expense', 'Description', 'Amount', 'Cost centre'],
          signatures: ['Employee', 'Manager'],
        },
      },
      {
        name: 'Annual Budget Planning Template',
        description: 'The timeline and steps for building next year’s departmental budget.',
        category: 'Process',
        tags: ['budget', 'planning', 'forecast'],
        downloads: 128,
        ageDays: 40,
        policy: {
          purpose:
            'Every department prepares a budget for the coming financial year using the same steps and deadlines, so Finance can consolidate one company plan.',
          rules: [
            'September: Finance publishes assumptions (inflation, salary increases, headcount).',
            'October: departments submit operating and capital requests with a short justification.',
            'November: leadership reviews trade-offs and agrees targets.',
            'December: the approved budget is loaded into the accounting system.',
          ],
        },
      },
      {
        name: 'Purchase Request Form',
        description: 'Request approval before buying goods or services over the petty-cash limit.',
        category: 'Form',
        tags: ['purchasing', 'approval'],
        downloads: 87,
        ageDays: 5,
        form: {
          fields: [
            'Requested by',
            'Supplier',
            'Item or service',
            'Quantity',
            'Estimated cost',
            'Budget line',
            'Needed by',
          ],
          signatures: ['Requester', 'Budget holder'],
        },
      },
      {
        name: 'Petty Cash Procedure',
        description: 'Keeping, spending and reconciling the office petty-cash float.',
        category: 'Process',
        tags: ['cash', 'controls'],
        downloads: 23,
        ageDays: 90,
        policy: {
          purpose: 'Petty cash covers small, urgent purchases. This procedure keeps the float safe and accounted for.',
          rules: [
            'The float is kept in a locked box by a named custodian.',
            'Single payments are limited to 50 in the local currency.',
            'Every payment has a receipt and a voucher signed by the recipient.',
            'The custodian reconciles the float monthly with a second person present.',
          ],
        },
      },
      {
        name: 'Supplier Onboarding Checklist',
        description: 'Checks to complete before a new supplier is paid for the first time.',
        category: 'Checklist',
        tags: ['suppliers', 'compliance', 'onboarding'],
        downloads: 64,
        ageDays: 20,
        form: {
          fields: [
            'Supplier legal name',
            'Registration number',
            'Tax number',
            'Bank details verified by',
            'Contract reference',
            'Risk rating',
          ],
          signatures: ['Procurement', 'Finance'],
        },
      },
      {
        name: 'Month-End Close Process',
        description: 'The close calendar: accruals, reconciliations and reporting deadlines.',
        category: 'Process',
        tags: ['accounting', 'reporting', 'close'],
        downloads: 151,
        ageDays: 8,
        policy: {
          purpose: 'A predictable month-end close gives management accurate figures within five working days.',
          rules: [
            'Day 1: cut-off for invoices and expense claims.',
            'Day 2: accruals and prepayments posted; bank accounts reconciled.',
            'Day 3: balance-sheet reconciliations reviewed by the controller.',
            'Day 5: management accounts issued with commentary on variances.',
          ],
        },
      },
    ],
  },
  {
    name: 'Operations',
    description: 'How the work gets done: procedures, safety and continuity.',
    icon: 'HiCog',
    color: 'orange',
    templates: [
      {
        name: 'Standard Operating Procedure Template',
        description: 'A structure for writing any step-by-step procedure so that anyone can follow it.',
        category: 'Template',
        tags: ['SOP', 'procedure', 'quality'],
        downloads: 264,
        ageDays: 15,
        policy: {
          purpose:
            'Use this structure for every standard operating procedure, so procedures look alike and can be followed by someone doing the task for the first time.',
          rules: [
            'Title, owner, version and review date at the top.',
            'Purpose and scope in two sentences.',
            'Numbered steps, each starting with a verb.',
            'Safety warnings placed before the step they apply to.',
            'A record of changes at the end.',
          ],
        },
      },
      {
        name: 'Business Continuity Plan',
        description: 'Keeping critical services running through outages and emergencies.',
        category: 'Policy',
        tags: ['continuity', 'risk', 'emergency'],
        downloads: 98,
        ageDays: 60,
        policy: {
          purpose: 'This plan lists critical services and how each is kept running, or restored, after a disruption.',
          rules: [
            'Each critical service names an owner and a deputy.',
            'Recovery time objectives are agreed with leadership each year.',
            'Contact trees are tested every six months.',
            'After every incident a short review records what to improve.',
          ],
        },
      },
      {
        name: 'Incident Report Form',
        description: 'Record an accident, near miss or service incident the same day.',
        category: 'Form',
        tags: ['safety', 'incident'],
        downloads: 176,
        ageDays: 3,
        form: {
          fields: [
            'Reported by',
            'Date and time',
            'Location',
            'What happened',
            'People involved',
            'Immediate action taken',
            'Follow-up owner',
          ],
          signatures: ['Reporter', 'Supervisor'],
        },
      },
      {
        name: 'Equipment Maintenance Log',
        description: 'Scheduled and corrective maintenance for shared equipment.',
        category: 'Form',
        tags: ['maintenance', 'equipment'],
        downloads: 41,
        ageDays: 30,
        form: {
          fields: ['Equipment', 'Asset tag', 'Maintenance type', 'Work done', 'Parts used', 'Next service due'],
          signatures: ['Technician'],
        },
      },
    ],
  },
  {
    name: 'Leadership',
    description: 'Strategy, decisions and running effective teams.',
    icon: 'HiBriefcase',
    color: 'violet',
    templates: [
      {
        name: 'Quarterly Business Review Agenda',
        description: 'A standard agenda for reviewing results, risks and priorities each quarter.',
        category: 'Template',
        tags: ['strategy', 'review', 'meetings'],
        downloads: 119,
        ageDays: 10,
        policy: {
          purpose:
            'The quarterly business review checks progress against the plan and agrees next quarter’s priorities.',
          rules: [
            'Results against targets (15 minutes).',
            'Customer and employee highlights (10 minutes).',
            'Top five risks and their owners (15 minutes).',
            'Priorities for next quarter, at most three per team (20 minutes).',
          ],
        },
      },
      {
        name: 'Decision Record',
        description: 'Write down an important decision: the options, the choice and why.',
        category: 'Form',
        tags: ['decisions', 'governance'],
        downloads: 57,
        ageDays: 25,
        form: {
          fields: ['Decision', 'Date', 'Decision maker', 'Options considered', 'Reasons for the choice', 'Review date'],
          signatures: ['Decision maker'],
        },
      },
      {
        name: 'Delegation of Authority Policy',
        description: 'Who may approve spending, hiring and contracts, and up to which amount.',
        category: 'Policy',
        tags: ['governance', 'approval', 'authority'],
        downloads: 73,
        ageDays: 120,
        policy: {
          purpose: 'This policy sets who may commit the company, so decisions are made at the right level and quickly.',
          rules: [
            'Team leads approve spending up to 1,000 within their budget.',
            'Department heads approve up to 25,000 and all hires within the headcount plan.',
            'The chief executive approves contracts over 25,000 or longer than two years.',
            'Authority may be delegated in writing for a fixed period only.',
          ],
        },
      },
    ],
  },
  {
    name: 'Human Resources',
    description: 'Hiring, onboarding, leave, reviews and people policies.',
    icon: 'HiUserGroup',
    color: 'pink',
    templates: [
      {
        name: 'Employee Onboarding Checklist',
        description: 'Everything a new starter needs in the first week, and who arranges it.',
        category: 'Checklist',
        tags: ['onboarding', 'new hire'],
        downloads: 412,
        ageDays: 4,
        form: {
          fields: [
            'New starter',
            'Start date',
            'Manager',
            'Laptop and accounts ready',
            'Buddy assigned',
            'Policies read and signed',
            'First-week goals agreed',
          ],
          signatures: ['Manager', 'New starter'],
        },
        policy: {
          purpose: 'A good first week helps new colleagues become productive and feel welcome.',
          rules: [
            'Before day one: equipment, accounts and a desk are ready.',
            'Day one: welcome from the manager, tour, introduction to the buddy.',
            'Week one: policies read, first goals agreed, lunch with the team.',
            'Day thirty: check-in with the manager and HR.',
          ],
        },
        formFirst: true,
      },
      {
        name: 'Leave Request Form',
        description: 'Request annual, parental or unpaid leave.',
        category: 'Form',
        tags: ['leave', 'holiday', 'absence'],
        downloads: 388,
        ageDays: 6,
        form: {
          fields: ['Employee', 'Type of leave', 'First day', 'Last day', 'Working days', 'Cover arranged with'],
          signatures: ['Employee', 'Manager'],
        },
      },
      {
        name: 'Performance Review Template',
        description: 'A yearly conversation about results, growth and goals.',
        category: 'Template',
        tags: ['performance', 'review', 'goals'],
        downloads: 205,
        ageDays: 35,
        form: {
          fields: [
            'Employee',
            'Reviewer',
            'Review period',
            'Achievements',
            'Areas to develop',
            'Goals for next year',
            'Overall rating',
          ],
          signatures: ['Employee', 'Reviewer'],
        },
      },
      {
        name: 'Remote Work Policy',
        description: 'Who may work remotely, how often, and what is expected.',
        category: 'Policy',
        tags: ['remote', 'hybrid', 'flexibility'],
        downloads: 147,
        ageDays: 50,
        policy: {
          purpose: 'Remote work is offered where the role allows it, with the same standards as work in the office.',
          rules: [
            'Employees may work remotely up to three days a week with their manager’s agreement.',
            'Core hours are 10:00 to 15:00 in the team’s time zone.',
            'Company equipment is used on a secured network.',
            'Health and safety at home is self-assessed once a year.',
          ],
        },
      },
      {
        name: 'Code of Conduct',
        description: 'How we treat each other, customers and partners.',
        category: 'Policy',
        tags: ['conduct', 'ethics', 'culture'],
        downloads: 96,
        ageDays: 200,
        policy: {
          purpose: 'This code describes the behaviour expected from everyone who works with us.',
          rules: [
            'Treat colleagues with respect; harassment and discrimination are not tolerated.',
            'Declare conflicts of interest to your manager.',
            'Protect confidential information and personal data.',
            'Raise concerns early; retaliation against anyone who speaks up is forbidden.',
          ],
        },
      },
      {
        name: 'Job Description Template',
        description: 'Describe a role consistently before it is advertised.',
        category: 'Template',
        tags: ['hiring', 'recruitment'],
        downloads: 66,
        ageDays: 18,
        form: {
          fields: [
            'Job title',
            'Department',
            'Reports to',
            'Purpose of the role',
            'Key responsibilities',
            'Skills and experience',
            'Salary band',
          ],
          signatures: ['Hiring manager', 'HR'],
        },
      },
      {
        name: 'Exit Interview Form',
        description: 'Learn from colleagues who leave.',
        category: 'Form',
        tags: ['offboarding', 'feedback'],
        downloads: 34,
        ageDays: 75,
        form: {
          fields: [
            'Employee',
            'Last working day',
            'Reason for leaving',
            'What worked well',
            'What could be better',
            'Would you return?',
          ],
          signatures: ['Interviewer'],
        },
      },
    ],
  },
  {
    name: 'Marketing',
    description: 'Campaigns, brand and communication plans.',
    icon: 'HiPresentationChartBar',
    color: 'cyan',
    templates: [
      {
        name: 'Campaign Brief',
        description: 'Agree goals, audience, message and budget before a campaign starts.',
        category: 'Template',
        tags: ['campaign', 'planning', 'brief'],
        downloads: 183,
        ageDays: 9,
        form: {
          fields: [
            'Campaign name',
            'Objective',
            'Target audience',
            'Key message',
            'Channels',
            'Budget',
            'Launch date',
            'Success measure',
          ],
          signatures: ['Marketing lead', 'Sponsor'],
        },
      },
      {
        name: 'Brand Guidelines Summary',
        description: 'Logo use, colours, tone of voice — the essentials on one page.',
        category: 'Policy',
        tags: ['brand', 'design', 'tone'],
        downloads: 139,
        ageDays: 45,
        policy: {
          purpose: 'Consistent branding makes us recognisable. These are the rules every publication follows.',
          rules: [
            'Keep clear space around the logo equal to the height of its letters.',
            'Use the primary navy for headings and the accent teal sparingly.',
            'Write in plain, friendly language; avoid jargon.',
            'Photographs show real people at work, never stock clichés.',
          ],
        },
      },
      {
        name: 'Social Media Policy',
        description: 'Posting on behalf of the company, and personal accounts.',
        category: 'Policy',
        tags: ['social media', 'communication'],
        downloads: 58,
        ageDays: 80,
        policy: {
          purpose: 'This policy protects the company’s reputation and employees online.',
          rules: [
            'Only the communications team posts on company accounts.',
            'Personal accounts state that views are your own.',
            'Never share confidential information, customer data or internal figures.',
            'Refer press and complaints to the communications team.',
          ],
        },
      },
      {
        name: 'Content Calendar Template',
        description: 'Plan a month of posts, articles and newsletters.',
        category: 'Template',
        tags: ['content', 'calendar'],
        downloads: 72,
        ageDays: 14,
        form: {
          fields: ['Month', 'Theme', 'Week 1 content', 'Week 2 content', 'Week 3 content', 'Week 4 content', 'Owner'],
          signatures: ['Marketing lead'],
        },
      },
    ],
  },
];
