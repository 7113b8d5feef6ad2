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
  departments: { name: string; description: string; icon: string }[];
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
    departments: [],
  },
  {
    name: 'Acme Corp',
    website: 'https://acme.example.com',
    description: 'Manufacturer of precision tools for workshops and small factories.',
    domain: 'acme.example.com',
    contactEmail: 'contact@acme.example.com',
    contactPhone: '+1 (312) 555-0142',
    address: { street: '1200 Industrial Parkway', city: 'Chicago', state: 'IL', zipCode: '60607', country: 'USA' },
    departments: [
      { name: 'Engineering', description: 'Product design, firmware and the web shop.', icon: 'HiCode' },
      { name: 'Marketing', description: 'Brand, campaigns and trade shows.', icon: 'HiPresentationChartBar' },
      { name: 'Finance', description: 'Accounting, payroll and budgeting.', icon: 'HiCurrencyDollar' },
      { name: 'Operations', description: 'Production floor, logistics and suppliers.', icon: '🏭' },
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
    departments: [{ name: 'Logistics', description: 'Routing, fleet and warehouses.', icon: 'HiGlobe' }],
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
    firstName: 'Marcus',
    lastName: 'Bell',
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
];

/** Advisors and the organizations they advise. */
export const demoAssignments = [{ advisor: 'advisor@smart.example.com', organization: 'Acme Corp' }];

/** The sign-ins printed at start, one per role. */
export const demoSignIns = [
  { role: 'admin', email: 'admin@smart.example.com' },
  { role: 'advisor', email: 'advisor@smart.example.com' },
  { role: 'org_admin', email: 'owner@acme.example.com' },
  { role: 'user', email: 'member@acme.example.com' },
] as const;
