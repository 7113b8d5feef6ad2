import { DEFAULT_DEPARTMENT_ICON, DEPARTMENT_ICONS, type DepartmentIconName, isDepartmentIcon } from '@smart/contracts';

/**
 * A department's icon (an organization's department or a template department): one of
 * the 19 named icons or a single emoji, Users by default. Pure, so the cards, the pickers and the
 * forms read a stored value the same way.
 */
export type ResolvedIcon = { kind: 'named'; name: DepartmentIconName } | { kind: 'emoji'; emoji: string };

const ICON_NAMES: ReadonlySet<string> = new Set(DEPARTMENT_ICONS.map((icon) => icon.name));

function isNamedIcon(icon: string): icon is DepartmentIconName {
  return ICON_NAMES.has(icon);
}

/** What a stored icon shows: the named icon, the emoji, or the default for anything else (blank, unknown, text). */
export function resolveDepartmentIcon(icon: string | null | undefined): ResolvedIcon {
  const value = icon?.trim() ?? '';
  if (isNamedIcon(value)) return { kind: 'named', name: value };
  if (value && isDepartmentIcon(value)) return { kind: 'emoji', emoji: value };
  return { kind: 'named', name: DEFAULT_DEPARTMENT_ICON };
}

/** The icon part of a department form: the picked named icon, and a typed emoji that wins when not blank. */
export interface IconFormValues {
  icon: string;
  emoji: string;
}

/** A stored icon as the form's two fields. */
export function iconFormValues(icon: string | null | undefined): IconFormValues {
  const resolved = resolveDepartmentIcon(icon);
  return resolved.kind === 'named'
    ? { icon: resolved.name, emoji: '' }
    : { icon: DEFAULT_DEPARTMENT_ICON, emoji: resolved.emoji };
}

/** The icon a form saves: the typed emoji, else the picked icon. */
export function iconFromForm({ icon, emoji }: IconFormValues): string {
  return emoji.trim() || icon;
}
