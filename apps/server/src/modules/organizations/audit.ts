import type { AuditEvent } from '../../lib/audit.js';

/** The settings an organization's audit log names when they change, as people read them. */
const SETTING_LABELS = {
  name: 'Name',
  website: 'Website',
  description: 'Description',
  domain: 'Domain',
  logo: 'Logo',
  contactEmail: 'Contact e-mail',
  contactPhone: 'Contact phone',
  address: 'Address',
  seats: 'Seats',
  timeZone: 'Time zone',
} as const;
type Setting = keyof typeof SETTING_LABELS;

/** A setting's value as text: an address as its parts, a logo as its file (a new file is a new logo). */
function settingText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') {
    const parts = Object.values(value as Record<string, unknown>).filter((part) => typeof part === 'string' && part);
    return parts.length > 0 ? parts.join(', ') : null;
  }
  return String(value);
}

/** One line per setting whose value changed, naming the setting: "Website", a.example → b.example. */
export function settingsEvents(
  organization: { id: string; name: string } & Partial<Record<Setting, unknown>>,
  changes: Partial<Record<Setting, unknown>>,
): AuditEvent[] {
  return (Object.keys(SETTING_LABELS) as Setting[]).flatMap((setting) => {
    if (!(setting in changes)) return [];
    const from = settingText(organization[setting]);
    const to = settingText(changes[setting]);
    if (from === to) return [];
    // The log is the organization's own: the line names the setting.
    const target = { type: 'organization', id: organization.id, label: SETTING_LABELS[setting] } as const;
    return [{ organizationId: organization.id, action: 'organization.settings_changed' as const, target, from, to }];
  });
}

/** A line about the organization itself: created, closed, reopened, its second-factor rule. */
export const organizationEvent = (
  organization: { id: string; name: string },
  action: 'organization.created' | 'organization.closed' | 'organization.reopened' | 'organization.two_factor_required',
  change: { from?: string; to?: string } = {},
): AuditEvent => ({
  organizationId: organization.id,
  action,
  target: { type: 'organization', id: organization.id, label: organization.name },
  ...change,
});
