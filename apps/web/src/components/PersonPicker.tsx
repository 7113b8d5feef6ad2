import { Text } from '@mantine/core';
import { UI_TEXT, type User } from '@smart/contracts';
import type { ReactNode } from 'react';
import { usePeopleSearch } from '@/lib/organization-users';
import type { SearchOption } from '@/lib/search';
import { SearchSelect } from './SearchSelect';

interface PersonPickerProps {
  /** Whose people are offered; nothing is offered until it is known. */
  organizationId: string | null | undefined;
  label: string;
  description?: string;
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  value: string | null;
  /** The label of a value given from outside (e.g. the current manager). */
  valueLabel?: string | null;
  onChange: (userId: string | null) => void;
  /** Told the person picked, with the label shown for them (for pickers that add to a list). */
  onPick?: (option: SearchOption) => void;
  /** A validation error (true only marks the field, for forms that show their message in a red box). */
  error?: ReactNode;
  /** People left out (already in the department or team). */
  exclude?: (user: User) => boolean;
  /** A second line under each name. */
  detail?: (user: User) => string | null;
  /** Shown when everyone is left out. */
  everyoneExcluded?: string;
}

/** Picks one of an organization's active members; searches the server as the user types. */
export function PersonPicker({
  organizationId,
  exclude,
  detail,
  everyoneExcluded,
  error,
  placeholder = 'Search by name or e-mail',
  ...props
}: PersonPickerProps) {
  const people = usePeopleSearch(organizationId, { exclude, detail });
  return (
    <>
      <SearchSelect
        placeholder={placeholder}
        nothingFound="Nobody found"
        {...props}
        {...people.selectProps}
        error={people.isError ? UI_TEXT.fetchAvailableUsersFailed : error}
      />
      {everyoneExcluded && people.isExhausted && (
        <Text size="sm" c="dimmed">
          {everyoneExcluded}
        </Text>
      )}
    </>
  );
}
