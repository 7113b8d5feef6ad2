import type { Role } from '@smart/contracts';
import type { PostalAddress } from '../schema/organizations.js';

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'demo-password';

export interface DemoOrganization {
  name: string;
  isPlatform?: boolean;
  website: string;
  description: string;
  domain: string;
  contactEmail: string;
  contactPhone: string;
  address: PostalAddress;
  /** Its IANA zone: its repeating tasks' and service hours' clock. */
  timeZone: string;
  departments: { name: string; description: string; icon: string; manager?: string }[];
  teams: { name: string; description: string; department?: string; lead: string; members: string[] }[];
}

export interface DemoUser {
  email: string;
  role: Role;
  organization: string;
  department?: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  phone: string;
  location?: string;
  bio?: string;
  experience?: string;
  specialties?: string[];
}

export const demoOrganizations: DemoOrganization[] = [
  {
    name: 'SMART',
    isPlatform: true,
    website: 'https://smart.example.com',
    description: 'The S.M.A.R.T. platform team and its business advisors.',
    domain: 'smart.example.com',
    contactEmail: 'hello@smart.example.com',
    contactPhone: '+1 (415) 555-0100',
    address: { street: '500 Market Street', city: 'San Francisco', state: 'CA', zipCode: '94105', country: 'USA' },
    timeZone: 'America/Los_Angeles',
    departments: [],
    teams: [],
  },
  {
    name: 'Acme Corp',
    website: 'https://acme.example.com',
    description: 'Manufacturer of precision tools for workshops and small factories.',
    domain: 'acme.example.com',
    contactEmail: 'contact@acme.example.com',
    contactPhone: '+1 (312) 555-0142',
    address: { street: '1200 Industrial Parkway', city: 'Chicago', state: 'IL', zipCode: '60607', country: 'USA' },
    timeZone: 'America/Chicago',
    departments: [
      {
        name: 'Engineering',
        description: 'Product design, firmware and the web shop.',
        icon: 'HiCode',
        manager: 'samir.patel@acme.example.com',
      },
      {
        name: 'Marketing',
        description: 'Brand, campaigns and trade shows.',
        icon: 'HiPresentationChartBar',
        manager: 'dana.lee@acme.example.com',
      },
      {
        name: 'Finance',
        description: 'Accounting, payroll and budgeting.',
        icon: 'HiCurrencyDollar',
        manager: 'grace.kim@acme.example.com',
      },
      {
        name: 'Operations',
        description: 'Production floor, logistics and suppliers.',
        icon: '🏭',
        manager: 'liam.oconnor@acme.example.com',
      },
    ],
    teams: [
      {
        name: 'Web Platform',
        description: 'The online shop and the customer portal.',
        department: 'Engineering',
        lead: 'samir.patel@acme.example.com',
        members: ['noah.williams@acme.example.com', 'lucas.nguyen@acme.example.com'],
      },
      {
        name: 'Quality Assurance',
        description: 'Testing of firmware and the web shop before each release.',
        department: 'Engineering',
        lead: 'emma.johnson@acme.example.com',
        members: ['noah.williams@acme.example.com'],
      },
      {
        name: 'Brand & Campaigns',
        description: 'Seasonal campaigns, the catalogue and trade-show booths.',
        department: 'Marketing',
        lead: 'dana.lee@acme.example.com',
        members: ['sofia.garcia@acme.example.com'],
      },
      {
        name: 'Accounting',
        description: 'Month-end close, payables and receivables.',
        department: 'Finance',
        lead: 'grace.kim@acme.example.com',
        members: ['ethan.brown@acme.example.com'],
      },
      {
        name: 'Production Floor',
        description: 'Machining, assembly and shipping.',
        department: 'Operations',
        lead: 'liam.oconnor@acme.example.com',
        members: ['member@acme.example.com', 'ava.martinez@acme.example.com', 'mia.thompson@acme.example.com'],
      },
    ],
  },
  {
    name: 'Globex',
    website: 'https://globex.example.com',
    description: 'Regional logistics and freight forwarding.',
    domain: 'globex.example.com',
    contactEmail: 'info@globex.example.com',
    contactPhone: '+1 (503) 555-0177',
    address: { street: '88 Harbor Drive', city: 'Portland', state: 'OR', zipCode: '97209', country: 'USA' },
    timeZone: 'America/Los_Angeles',
    departments: [
      {
        name: 'Logistics',
        description: 'Routing, fleet and warehouses.',
        icon: 'HiGlobe',
        manager: 'nina.brooks@globex.example.com',
      },
      { name: 'Customer Service', description: 'Shipment tracking and claims.', icon: '📦' },
    ],
    teams: [
      {
        name: 'Fleet Dispatch',
        description: 'Daily truck routes and driver schedules.',
        department: 'Logistics',
        lead: 'nina.brooks@globex.example.com',
        members: ['omar.haddad@globex.example.com'],
      },
    ],
  },
  {
    // No advisor yet: the one an admin assigns in the advisors walkthrough.
    name: 'Initech',
    website: 'https://initech.example.com',
    description: 'Software for banks and payment processors.',
    domain: 'initech.example.com',
    contactEmail: 'hello@initech.example.com',
    contactPhone: '+1 (512) 555-0190',
    address: { street: '4120 Freidrich Lane', city: 'Austin', state: 'TX', zipCode: '78744', country: 'USA' },
    timeZone: 'America/Chicago',
    departments: [],
    teams: [],
  },
];

export const demoUsers: DemoUser[] = [
  {
    email: 'admin@smart.example.com',
    role: 'admin',
    organization: 'SMART',
    firstName: 'Alex',
    lastName: 'Morgan',
    jobTitle: 'Platform Administrator',
    phone: '+1 (415) 555-0101',
    location: 'San Francisco, CA',
  },
  {
    email: 'advisor@smart.example.com',
    role: 'advisor',
    organization: 'SMART',
    firstName: 'Priya',
    lastName: 'Raman',
    jobTitle: 'Senior Business Advisor',
    phone: '+1 (415) 555-0102',
    location: 'Austin, TX',
    experience: '12 years advising small manufacturers on finance and operations',
    specialties: ['Finance', 'Operations', 'Growth strategy'],
    bio: 'Former CFO who helps owner-led firms plan, budget and scale.',
  },
  {
    email: 'marcus.bell@smart.example.com',
    role: 'advisor',
    organization: 'SMART',
    firstName: 'Marcus',
    lastName: 'Bell',
    jobTitle: 'Logistics Advisor',
    phone: '+1 (415) 555-0103',
    location: 'Seattle, WA',
    experience: '9 years running supply chains for regional carriers',
    specialties: ['Supply chain', 'Fleet management'],
  },
  {
    email: 'sofia.reyes@smart.example.com',
    role: 'advisor',
    organization: 'SMART',
    firstName: 'Sofia',
    lastName: 'Reyes',
    jobTitle: 'Technology Advisor',
    phone: '+1 (415) 555-0104',
    location: 'Denver, CO',
    experience: '15 years leading software teams at fintech companies',
    specialties: ['Software delivery', 'Security', 'Hiring'],
  },
  {
    email: 'owner@acme.example.com',
    role: 'org_admin',
    organization: 'Acme Corp',
    firstName: 'Olivia',
    lastName: 'Carter',
    jobTitle: 'Chief Executive Officer',
    phone: '+1 (312) 555-0143',
    location: 'Chicago, IL',
  },
  {
    email: 'member@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Operations',
    firstName: 'Jordan',
    lastName: 'Avery',
    jobTitle: 'Project Coordinator',
    phone: '+1 (312) 555-0144',
    location: 'Chicago, IL',
  },
  {
    email: 'dana.lee@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Marketing',
    firstName: 'Dana',
    lastName: 'Lee',
    jobTitle: 'Marketing Manager',
    phone: '+1 (312) 555-0145',
  },
  {
    email: 'samir.patel@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Engineering',
    firstName: 'Samir',
    lastName: 'Patel',
    jobTitle: 'Software Engineer',
    phone: '+1 (312) 555-0146',
  },
  {
    email: 'grace.kim@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Finance',
    firstName: 'Grace',
    lastName: 'Kim',
    jobTitle: 'Financial Analyst',
    phone: '+1 (312) 555-0147',
  },
  {
    email: 'liam.oconnor@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Operations',
    firstName: 'Liam',
    lastName: "O'Connor",
    jobTitle: 'Operations Specialist',
    phone: '+1 (312) 555-0148',
  },
  {
    email: 'owner@globex.example.com',
    role: 'org_admin',
    organization: 'Globex',
    firstName: 'Henry',
    lastName: 'Scott',
    jobTitle: 'Managing Director',
    phone: '+1 (503) 555-0178',
    location: 'Portland, OR',
  },
  {
    email: 'nina.brooks@globex.example.com',
    role: 'user',
    organization: 'Globex',
    department: 'Logistics',
    firstName: 'Nina',
    lastName: 'Brooks',
    jobTitle: 'Dispatch Lead',
    phone: '+1 (503) 555-0179',
  },
  {
    email: 'noah.williams@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Engineering',
    firstName: 'Noah',
    lastName: 'Williams',
    jobTitle: 'Frontend Developer',
    phone: '+1 (312) 555-0149',
  },
  {
    email: 'lucas.nguyen@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Engineering',
    firstName: 'Lucas',
    lastName: 'Nguyen',
    jobTitle: 'DevOps Engineer',
    phone: '+1 (312) 555-0150',
  },
  {
    email: 'emma.johnson@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Engineering',
    firstName: 'Emma',
    lastName: 'Johnson',
    jobTitle: 'QA Engineer',
    phone: '+1 (312) 555-0151',
  },
  {
    email: 'sofia.garcia@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Marketing',
    firstName: 'Sofia',
    lastName: 'Garcia',
    jobTitle: 'Content Strategist',
    phone: '+1 (312) 555-0152',
  },
  {
    email: 'ethan.brown@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Finance',
    firstName: 'Ethan',
    lastName: 'Brown',
    jobTitle: 'Staff Accountant',
    phone: '+1 (312) 555-0153',
  },
  {
    email: 'ava.martinez@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Operations',
    firstName: 'Ava',
    lastName: 'Martinez',
    jobTitle: 'Logistics Coordinator',
    phone: '+1 (312) 555-0154',
  },
  {
    email: 'mia.thompson@acme.example.com',
    role: 'user',
    organization: 'Acme Corp',
    department: 'Operations',
    firstName: 'Mia',
    lastName: 'Thompson',
    jobTitle: 'Quality Inspector',
    phone: '+1 (312) 555-0155',
  },
  {
    email: 'omar.haddad@globex.example.com',
    role: 'user',
    organization: 'Globex',
    department: 'Logistics',
    firstName: 'Omar',
    lastName: 'Haddad',
    jobTitle: 'Route Planner',
    phone: '+1 (503) 555-0180',
  },
];

/** Advisors and the organizations they advise (Sofia Reyes has none, and Initech no advisor). */
export const demoAssignments = [
  { advisor: 'advisor@smart.example.com', organization: 'Acme Corp', isActive: true },
  { advisor: 'advisor@smart.example.com', organization: 'Globex', isActive: true },
  { advisor: 'marcus.bell@smart.example.com', organization: 'Globex', isActive: false },
];

/**
 * The sign-ins the start banner prints: every one the README's table lists (a test holds them
 * equal), the platform's roles and each demo organization's owner.
 */
export const demoSignIns = [
  'admin@smart.example.com',
  'advisor@smart.example.com',
  'owner@acme.example.com',
  'member@acme.example.com',
  'owner@globex.example.com',
] as const;
