import { Group, Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { TOKEN_RESOURCE_LABELS, TOKEN_RESOURCES, type TokenAccess, type TokenResource } from '@smart/contracts';
import { useId } from 'react';

const ACCESS_CHOICES: { value: TokenAccess; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'read', label: 'Read' },
  { value: 'write', label: 'Write' },
];

/** Write stands out from read: it changes things. None keeps the control's plain look. */
const ACCESS_COLORS: Record<TokenAccess, string | undefined> = { none: undefined, read: 'blue', write: 'orange' };

interface ScopeGridProps {
  value: Record<TokenResource, TokenAccess>;
  onChange: (resource: TokenResource, access: TokenAccess) => void;
}

/** One row per resource, each a None / Read / Write choice (write includes read). */
export function ScopeGrid({ value, onChange }: ScopeGridProps) {
  const id = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={`${id}-title`}>
      <div>
        <Input.Label id={`${id}-title`}>Scopes</Input.Label>
        <Input.Description>
          What the token may reach; write includes read. It never does more than you may do yourself.
        </Input.Description>
      </div>
      {TOKEN_RESOURCES.map((resource) => (
        <Group key={resource} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" id={`${id}-${resource}`}>
            {TOKEN_RESOURCE_LABELS[resource]}
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby={`${id}-${resource}`}
            data={ACCESS_CHOICES}
            value={value[resource]}
            color={ACCESS_COLORS[value[resource]]}
            onChange={(access) => onChange(resource, access as TokenAccess)}
          />
        </Group>
      ))}
    </Stack>
  );
}
