import { Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { displayName, profileUpdateBody, UI_TEXT, type User } from '@smart/contracts';
import { EditActions } from '@/components/EditActions';
import { FormError } from '@/components/FormError';
import { UserAvatar } from '@/components/UserAvatar';
import { useEditableSection } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
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
  // Checked as the server checks the body: every invalid field shows at once.
  const { form, editing, edit, submit, formError } = useEditableSection({
    saved: () => valuesFromUser(user),
    toBody: updateBodyFrom,
    schema: profileUpdateBody,
    save: update,
    onSaved: () => toastSuccess(UI_TEXT.profileUpdated),
  });

  const shown = valuesFromUser(user);
  const actions = <EditActions editing={editing} edit={edit} busy={update.isPending} formId="personal-info-form" />;

  return (
    <SectionCard title="Personal Information" actions={actions}>
      <Group align="flex-start" gap="xl" wrap="wrap">
        {/* A fixed column: an upload error wraps inside it instead of widening it over the fields. */}
        <Stack align="center" gap="sm" w={{ base: '100%', sm: 180 }}>
          <UserAvatar user={user} size={96} radius={96} />
          {editing && <ProfileImageControl />}
        </Stack>

        <Stack gap="md" style={{ flex: 1, minWidth: 260 }}>
          {!editing && (
            <Text fw={600} size="lg">
              {displayName(user)}
            </Text>
          )}
          <FormError message={formError} />
          {editing ? (
            <form id="personal-info-form" onSubmit={submit} noValidate>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {TEXT_FIELDS.map((field) => (
                    <TextInput
                      key={field.name}
                      label={field.label}
                      type={field.type ?? 'text'}
                      required={field.required}
                      {...form.getInputProps(field.name)}
                    />
                  ))}
                </SimpleGrid>
                <Textarea label="Bio" autosize minRows={3} {...form.getInputProps('bio')} />
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
