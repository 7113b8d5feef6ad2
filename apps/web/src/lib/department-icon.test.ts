import { DEFAULT_DEPARTMENT_ICON } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { iconFormValues, iconFromForm, resolveDepartmentIcon } from './department-icon';

describe('resolveDepartmentIcon', () => {
  it('shows a named icon as itself', () => {
    expect(resolveDepartmentIcon('HiCurrencyDollar')).toEqual({ kind: 'named', name: 'HiCurrencyDollar' });
  });

  it('shows a single emoji as the emoji, trimmed', () => {
    expect(resolveDepartmentIcon(' 📣 ')).toEqual({ kind: 'emoji', emoji: '📣' });
  });

  it.each([null, undefined, '', 'HiRocket', 'Finance', '📣📣'])('shows Users for %j', (icon) => {
    expect(resolveDepartmentIcon(icon)).toEqual({ kind: 'named', name: DEFAULT_DEPARTMENT_ICON });
  });
});

describe('icon form fields', () => {
  it('puts a named icon in the picker and an emoji in the emoji field', () => {
    expect(iconFormValues('HiCog')).toEqual({ icon: 'HiCog', emoji: '' });
    expect(iconFormValues('🧾')).toEqual({ icon: DEFAULT_DEPARTMENT_ICON, emoji: '🧾' });
  });

  it('saves the typed emoji over the picked icon, and the icon when no emoji is typed', () => {
    expect(iconFromForm({ icon: 'HiCog', emoji: ' 🧾 ' })).toBe('🧾');
    expect(iconFromForm({ icon: 'HiCog', emoji: '  ' })).toBe('HiCog');
  });
});
