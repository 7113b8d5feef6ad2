import { CloseButton, Group, Stack, Text } from '@mantine/core';

export interface ChosenPerson {
  id: string;
  label: string;
}

interface ChosenPeopleProps {
  people: readonly ChosenPerson[];
  onRemove: (personId: string) => void;
}

/** The people picked so far under a person picker (a conversation's, a meeting's), each removable. */
export function ChosenPeople({ people, onRemove }: ChosenPeopleProps) {
  if (people.length === 0) return null;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Chosen people">
      {people.map((person) => (
        <Group key={person.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate>
            {person.label}
          </Text>
          <CloseButton size="sm" aria-label={`Remove ${person.label}`} onClick={() => onRemove(person.id)} />
        </Group>
      ))}
    </Stack>
  );
}
