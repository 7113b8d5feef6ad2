import { Anchor, Group, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Organization, updateOrganizationBody } from '@smart/contracts';
import { EditActions } from '@/components/EditActions';
import { FormError } from '@/components/FormError';
import { formLevelMessage, showUnderField, useEditMode, validateWith } from '@/lib/forms';
import { useUpdateOrganization } from '../api';
import {
  type OrganizationField,
  type OrganizationValues,
  SERVER_FIELDS,
  updateBodyFrom,
  valuesFromOrganization,
} from '../organization-form';
import { FieldValue } from './FieldValue';

const FIELDS: { name: Exclude<OrganizationField, 'description'>; label: string; type: string; required?: boolean }[] = [
  { name: 'name', label: 'Organization Name', type: 'text', required: true },
  { name: 'website', label: 'Website', type: 'url' },
  { name: 'email', label: 'Email Address', type: 'email' },
  { name: 'phone', label: 'Telephone Number', type: 'tel' },
];

const isWebUrl = (value: string) => /^https?:\/\//i.test(value);

/** The organization's editable fields with the Edit/Save toggle (spec sections 2 and 4). */
export function OrganizationDetailsSection({ organization }: { organization: Organization }) {
  const update = useUpdateOrganization(organization.id);
  const form = useForm<OrganizationValues>({
    initialValues: valuesFromOrganization(organization),
    // The body the values become, checked as the server checks it: every invalid field shows at once.
    validate: validateWith(updateOrganizationBody, { input: updateBodyFrom }),
    onValuesChange: () => update.reset(),
  });

  const { editing, edit, close } = useEditMode(form, () => valuesFromOrganization(organization), update);

  const save = form.onSubmit((values) => {
    update.mutate(updateBodyFrom(values), {
      onSuccess: close,
      onError: showUnderField(form, SERVER_FIELDS),
    });
  });

  const formError = formLevelMessage(update.error, SERVER_FIELDS);
  const saved = valuesFromOrganization(organization);
  const actions = (
    <EditActions
      editing={editing}
      busy={update.isPending}
      formId="organization-form"
      onEdit={() => edit(true)}
      onCancel={() => edit(false)}
    />
  );

  return (
    <Paper component="section" aria-labelledby="organization-details-title" withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={2} size="h4" id="organization-details-title">
          Organization Details
        </Title>
        <Group gap="xs">{actions}</Group>
      </Group>

      {editing ? (
        <form id="organization-form" onSubmit={save} noValidate aria-label="Organization details">
          <Stack gap="sm">
            <FormError message={formError} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {FIELDS.map((field) => (
                <TextInput
                  key={field.name}
                  label={field.label}
                  type={field.type}
                  withAsterisk={field.required}
                  {...form.getInputProps(field.name)}
                />
              ))}
            </SimpleGrid>
            <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FieldValue label="Organization Name" value={saved.name} />
            <FieldValue label="Website" value={saved.website}>
              {/* The server stores http(s) URLs only; anything else is shown as text, never as a link. */}
              {isWebUrl(saved.website) ? (
                <Anchor
                  href={saved.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {saved.website}
                </Anchor>
              ) : undefined}
            </FieldValue>
            <FieldValue label="Email Address" value={saved.email}>
              <Anchor href={`mailto:${saved.email}`} style={{ overflowWrap: 'anywhere' }}>
                {saved.email}
              </Anchor>
            </FieldValue>
            <FieldValue label="Telephone Number" value={saved.phone} />
          </SimpleGrid>
          <FieldValue label="Description" value={saved.description} />
        </Stack>
      )}
    </Paper>
  );
}
