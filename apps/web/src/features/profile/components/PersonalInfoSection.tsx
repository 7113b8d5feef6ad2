import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { displayName, MESSAGES, type User } from '@smart/contracts';
import { type FormEvent, useState } from 'react';
import { HiPencil } from 'react-icons/hi';
import { UserAvatar } from '@/components/UserAvatar';
import { useUpdateProfile } from '../api';
import { type PersonalInfoValues, updateBodyFrom, valuesFromUser } from '../profile-form';
import { FieldValue } from './FieldValue';
import { ProfileImageControl } from './ProfileImageControl';
import { SectionCard } from './SectionCard';

const TEXT_FIELDS: {
  name: Exclude<keyof PersonalInfoValues, 'bio'>;
  label: string;
  type?: string;
  required?: boolean;
}[] = [
  { name: 'firstName', label: 'First name', required: true },
  { name: 'lastName', label: 'Last name', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'jobTitle', label: 'Job title' },
  { name: 'location', label: 'Location' },
  { name: 'website', label: 'Website', type: 'url' },
];

export function PersonalInfoSection({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<PersonalInfoValues>(() => valuesFromUser(user));

  const setField = (name: keyof PersonalInfoValues) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  function startEditing() {
    setValues(valuesFromUser(user));
    update.reset();
    setEditing(true);
  }

  function cancel() {
    // Cancel restores what was saved (spec section 4).
    setValues(valuesFromUser(user));
    update.reset();
    setEditing(false);
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(updateBodyFrom(values), {
      onSuccess: (saved) => {
        setValues(valuesFromUser(saved));
        setEditing(false);
        notifications.show({ color: 'green', message: MESSAGES.profileUpdated });
      },
    });
  }

  const shown = editing ? values : valuesFromUser(user);
  const actions = editing ? (
    <>
      <Button variant="default" onClick={cancel} disabled={update.isPending}>
        Cancel
      </Button>
      <Button type="submit" form="personal-info-form" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save'}
      </Button>
    </>
  ) : (
    <Button variant="light" leftSection={<HiPencil aria-hidden />} onClick={startEditing}>
      Edit
    </Button>
  );

  return (
    <SectionCard title="Personal Information" actions={actions}>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack align="center" gap="sm">
          <UserAvatar user={user} size={96} radius={96} />
          {editing && <ProfileImageControl />}
        </Stack>

        <Stack gap="md" style={{ flex: 1, minWidth: 260 }}>
          {!editing && (
            <Text fw={600} size="lg">
              {displayName(user)}
            </Text>
          )}
          {update.error && (
            <Alert color="red" variant="light" role="alert">
              {update.error.message}
            </Alert>
          )}
          {editing ? (
            <form id="personal-info-form" onSubmit={save}>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {TEXT_FIELDS.map((field) => (
                    <TextInput
                      key={field.name}
                      label={field.label}
                      type={field.type ?? 'text'}
                      required={field.required}
                      value={values[field.name]}
                      onChange={(event) => setField(field.name)(event.currentTarget.value)}
                    />
                  ))}
                </SimpleGrid>
                <Textarea
                  label="Bio"
                  autosize
                  minRows={3}
                  value={values.bio}
                  onChange={(event) => setField('bio')(event.currentTarget.value)}
                />
              </Stack>
            </form>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {TEXT_FIELDS.map((field) => (
                <FieldValue key={field.name} label={field.label} value={shown[field.name]} />
              ))}
              <FieldValue label="Bio" value={shown.bio} />
            </SimpleGrid>
          )}
        </Stack>
      </Group>
    </SectionCard>
  );
}
