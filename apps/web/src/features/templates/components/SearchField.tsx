import { CloseButton, TextInput } from '@mantine/core';
import { MAX_SEARCH_LENGTH } from '@smart/contracts';
import { HiSearch } from 'react-icons/hi?lazy';

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The library's search box, with a button that clears it. */
export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      type="search"
      value={value}
      maxLength={MAX_SEARCH_LENGTH}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<HiSearch size={16} aria-hidden />}
      rightSection={value && <CloseButton aria-label="Clear search" size="sm" onClick={() => onChange('')} />}
      style={{ flex: 1, minWidth: 220 }}
    />
  );
}
