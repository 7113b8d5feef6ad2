import { Chip, Group } from '@mantine/core';

interface FilterChipsProps<T extends string> {
  /** What the chips filter, for screen readers ('Filter departments'). */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** One-of-several filter chips (All Departments / Popular / Recently Updated, and the department page's). */
export function FilterChips<T extends string>({ label, options, value, onChange }: FilterChipsProps<T>) {
  return (
    <Chip.Group multiple={false} value={value} onChange={(picked) => onChange(picked as T)}>
      <Group gap="xs" role="radiogroup" aria-label={label}>
        {options.map((option) => (
          <Chip key={option.value} value={option.value} variant="light">
            {option.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
