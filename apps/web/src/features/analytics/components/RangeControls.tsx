import { Button, Group, TextInput } from '@mantine/core';
import { presetOf, presetRange, RANGE_PRESETS } from '../range';

interface RangeControlsProps {
  from: string;
  to: string;
  /** Why the range is refused (backwards, too long), shown under To. */
  problem: string | null;
  /** One end changed, or both (a preset). */
  onChange: (range: { from?: string; to?: string }) => void;
}

/** From and To days and the presets (Last 4 weeks, Last 12 weeks, This year); the chosen preset is pressed. */
export function RangeControls({ from, to, problem, onChange }: RangeControlsProps) {
  const chosen = presetOf({ from, to });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput type="date" label="From" value={from} onChange={(e) => onChange({ from: e.currentTarget.value })} />
      <TextInput
        type="date"
        label="To"
        value={to}
        error={problem}
        onChange={(e) => onChange({ to: e.currentTarget.value })}
      />
      <Group gap="xs" wrap="wrap">
        {RANGE_PRESETS.map(({ preset, label }) => (
          <Button
            key={preset}
            variant={chosen === preset ? 'filled' : 'default'}
            aria-pressed={chosen === preset}
            onClick={() => onChange(presetRange(preset))}
          >
            {label}
          </Button>
        ))}
      </Group>
    </Group>
  );
}
