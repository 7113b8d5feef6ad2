import { Group, Text } from '@mantine/core';
import { PercentBar } from './PercentBar';

interface WorkProgressProps {
  /** Rounded percent, 0 to 100, as the server computed it. */
  value: number;
  /** What the bar is of, for screen readers ('Website relaunch progress'). */
  label: string;
  /** A line beside the percent, e.g. '3/5 tasks completed'. */
  detail?: string;
  size?: 'sm' | 'md' | 'lg';
}

/** A percent-complete bar with its figure. */
export function WorkProgress({ value, label, detail, size = 'sm' }: WorkProgressProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value || 0)));
  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" fw={500}>
          {percent}% complete
        </Text>
        {detail && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
      </Group>
      <PercentBar percent={percent} label={label} color={percent === 100 ? 'green' : 'blue'} size={size} />
    </div>
  );
}
