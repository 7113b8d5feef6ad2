import { Combobox, InputBase, Loader, Stack, Text, useCombobox } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import type { SearchOption } from '@/lib/search';

export interface SearchSelectProps {
  label: string;
  placeholder?: string;
  description?: string;
  error?: ReactNode;
  withAsterisk?: boolean;
  clearable?: boolean;
  disabled?: boolean;
  value: string | null;
  /** The label of a value given from outside (e.g. the current manager), shown until something else is picked. */
  valueLabel?: string | null;
  onChange: (value: string | null) => void;
  /** Told the whole option picked (its label too), for owners that keep a list of picks. */
  onPick?: (option: SearchOption) => void;
  /** What was typed; the owner asks the server for the matching options (empty: the first ones). */
  onSearchChange: (search: string) => void;
  /** The options matching the last search (the server searched and paged them). */
  options: readonly SearchOption[];
  /** How many more match than the server sent: the footer says so, so the list never stops silently. */
  more?: number;
  loading?: boolean;
  nothingFound: string;
}

/**
 * A select that searches as the user types, for lists too long to load (people, organizations):
 * the owner fetches the options for the search term; this shows them, keeps the picked label, and
 * says when more match than are shown.
 */
export function SearchSelect({
  label,
  placeholder,
  description,
  error,
  withAsterisk,
  clearable = false,
  disabled,
  value,
  valueLabel,
  onChange,
  onPick,
  onSearchChange,
  options,
  more = 0,
  loading = false,
  nothingFound,
}: SearchSelectProps) {
  const listboxLabelId = useId();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [picked, setPicked] = useState<SearchOption | null>(null);
  const selectedLabel =
    value === null
      ? ''
      : (options.find((option) => option.value === value)?.label ??
        (picked?.value === value ? picked.label : (valueLabel ?? '')));
  // The input shows the picked label until the user types; typing is a search.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? selectedLabel;

  function search(term: string) {
    setTyped(term);
    onSearchChange(term);
  }

  function open() {
    combobox.openDropdown();
    // Opened on a picked value: list from the start rather than searching for its label.
    if (typed === null) onSearchChange('');
  }

  function pick(optionValue: string) {
    const option = options.find((candidate) => candidate.value === optionValue) ?? null;
    setPicked(option);
    setTyped(null);
    onChange(optionValue);
    if (option) onPick?.(option);
    combobox.closeDropdown();
  }

  function clear() {
    setPicked(null);
    search('');
    onChange(null);
  }

  const rightSection = loading ? (
    <Loader size={16} />
  ) : clearable && value !== null && !disabled ? (
    <Combobox.ClearButton onClear={clear} />
  ) : (
    <Combobox.Chevron />
  );

  return (
    <Combobox store={combobox} onOptionSubmit={pick} disabled={disabled}>
      <Combobox.Target withExpandedAttribute>
        <InputBase
          label={label}
          labelProps={{ id: listboxLabelId }}
          placeholder={placeholder}
          description={description}
          error={error}
          withAsterisk={withAsterisk}
          disabled={disabled}
          value={text}
          rightSection={rightSection}
          rightSectionPointerEvents={clearable && value !== null ? 'all' : 'none'}
          onChange={(event) => {
            search(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={open}
          onFocus={open}
          onBlur={() => {
            combobox.closeDropdown();
            setTyped(null);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-labelledby={listboxLabelId} mah={280} style={{ overflowY: 'auto' }}>
          {options.map((option) => (
            <Combobox.Option value={option.value} key={option.value} active={option.value === value}>
              <Stack gap={0}>
                <Text size="sm">{option.label}</Text>
                {option.detail && (
                  <Text size="xs" c="dimmed">
                    {option.detail}
                  </Text>
                )}
              </Stack>
            </Combobox.Option>
          ))}
          {options.length === 0 && <Combobox.Empty>{loading ? 'Searching...' : nothingFound}</Combobox.Empty>}
        </Combobox.Options>
        {more > 0 && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {more} more not shown: type to narrow the list.
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
