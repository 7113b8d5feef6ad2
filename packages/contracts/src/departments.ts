import { MAX_ICON_LENGTH } from './limits.js';

/** The 19 named department icons and their labels; default HiUserGroup. */
export const DEPARTMENT_ICONS = [
  { name: 'HiUserGroup', label: 'Users' },
  { name: 'HiOfficeBuilding', label: 'Office' },
  { name: 'HiUsers', label: 'Team' },
  { name: 'HiCode', label: 'Development' },
  { name: 'HiChartBar', label: 'Analytics' },
  { name: 'HiShoppingCart', label: 'Sales' },
  { name: 'HiAcademicCap', label: 'Education' },
  { name: 'HiHeart', label: 'Healthcare' },
  { name: 'HiLightningBolt', label: 'Energy' },
  { name: 'HiShieldCheck', label: 'Security' },
  { name: 'HiCog', label: 'Operations' },
  { name: 'HiGlobe', label: 'Global' },
  { name: 'HiCurrencyDollar', label: 'Finance' },
  { name: 'HiClipboardList', label: 'Projects' },
  { name: 'HiPresentationChartBar', label: 'Marketing' },
  { name: 'HiBookOpen', label: 'Research' },
  { name: 'HiBeaker', label: 'Science' },
  { name: 'HiHome', label: 'Facilities' },
  { name: 'HiBriefcase', label: 'Business' },
] as const;

export type DepartmentIconName = (typeof DEPARTMENT_ICONS)[number]['name'];
export const DEFAULT_DEPARTMENT_ICON: DepartmentIconName = 'HiUserGroup';

const iconNames: readonly string[] = DEPARTMENT_ICONS.map((icon) => icon.name);

/** One grapheme that is an emoji (flags, skin tones and ZWJ sequences included). */
function isSingleEmoji(value: string): boolean {
  // Splitting into graphemes costs time and memory in the length: never do it for a long string.
  if (value.length > MAX_ICON_LENGTH) return false;
  const segments = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)];
  return segments.length === 1 && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(value);
}

/** A department icon is one of the 19 names or a single emoji. */
export function isDepartmentIcon(value: string): boolean {
  return iconNames.includes(value) || isSingleEmoji(value);
}

/** Team member roles and their labels. */
export const TEAM_MEMBER_ROLES = ['member', 'lead', 'manager'] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];
export const DEFAULT_TEAM_MEMBER_ROLE: TeamMemberRole = 'member';
export const TEAM_MEMBER_ROLE_LABELS: Record<TeamMemberRole, string> = {
  lead: 'Team Lead',
  manager: 'Manager',
  member: 'Member',
};
