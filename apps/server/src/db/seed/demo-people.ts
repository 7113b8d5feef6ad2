/*
 * The demo people the seeds name, by the e-mail demo-data.ts gives them, and the demo advisor's
 * zone: written once for every seeder that names them.
 */
export const ACME_OWNER = 'owner@acme.example.com';
export const ACME_MEMBER = 'member@acme.example.com';
export const DANA = 'dana.lee@acme.example.com';
export const SAMIR = 'samir.patel@acme.example.com';
export const GRACE = 'grace.kim@acme.example.com';
export const LIAM = 'liam.oconnor@acme.example.com';
export const NOAH = 'noah.williams@acme.example.com';
export const LUCAS = 'lucas.nguyen@acme.example.com';
export const EMMA = 'emma.johnson@acme.example.com';
export const GLOBEX_OWNER = 'owner@globex.example.com';
export const NINA = 'nina.brooks@globex.example.com';
export const ADVISOR = 'advisor@smart.example.com';
/** The demo advisor works New York hours (its calendar, its timesheet's days); its people see its meetings in their own zones. */
export const ADVISOR_ZONE = 'America/New_York';
