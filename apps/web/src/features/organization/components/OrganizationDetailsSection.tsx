import { Anchor, Group, NumberInput, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { MAX_ORGANIZATION_SEATS, type Organization, updateOrganizationBody } from '@smart/contracts';
import { EditActions } from '@/components/EditActions';
import { FormError } from '@/components/FormError';
import { TimeZoneSelect } from '@/components/TimeZoneSelect';
import { useEditableSection } from '@/lib/forms';
import { useUpdateOrganization } from '../api';
import { type OrganizationField, updateBodyFrom, valuesFromOrganization } from '../organization-form';
import { FieldValue } from './FieldValue';

const FIELDS: {
  name: Exclude<OrganizationField, 'description' | 'seats' | 'timeZone'>;
  label: string;
  type: string;
  required?: boolean;
}[] = [
  { name: 'name', label: 'Organization Name', type: 'text', required: true },
  { name: 'website', label: 'Website', type: 'url' },
  { name: 'email', label: 'Email Address', type: 'email' },
  { name: 'phone', label: 'Telephone Number', type: 'tel' },
];

const isWebUrl = (value: string) => /^https?:\/\//i.test(value);

/** The organization's editable fields with the Edit/Save toggle. */
export function OrganizationDetailsSection({ organization }: { organization: Organization }) {
  const update = useUpdateOrganization(organization.id);
  // Checked as the server checks the body: every invalid field shows at once.
  const { form, editing, edit, submit, formError } = useEditableSection({
    saved: () => valuesFromOrganization(organization),
    toBody: updateBodyFrom,
    schema: updateOrganizationBody,
    save: update,
  });
  const saved = valuesFromOrganization(organization);
  const actions = <EditActions editing={editing} edit={edit} busy={update.isPending} formId="organization-form" />;

  return (
    <Paper component="section" aria-labelledby="organization-details-title" withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={2} size="h4" id="organization-details-title">
          Organization Details
        </Title>
        <Group gap="xs">{actions}</Group>
      </Group>

      {editing ? (
        <form id="organization-form" onSubmit={submit} noValidate aria-label="Organization details">
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
            <TimeZoneSelect
              label="Time zone"
              description="Its repeating tasks fall due, and its service hours count, in this zone."
              value={form.values.timeZone}
              onChange={(zone) => form.setFieldValue('timeZone', zone)}
            />
            {/* The subscription's seats: the admin's to change (decision 0191); others never see the field. */}
            {saved.seats !== null && (
              <NumberInput
                label="Seats"
                description={`Active members the subscription allows (${organization.memberCount} now), up to ${MAX_ORGANIZATION_SEATS.toLocaleString()}.`}
                min={1}
                max={MAX_ORGANIZATION_SEATS}
                allowDecimal={false}
                maw={260}
                {...form.getInputProps('seats')}
              />
            )}
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
          <FieldValue label="Time zone" value={saved.timeZone} />
          {saved.seats !== null && <FieldValue label="Seats" value={String(saved.seats)} />}
        </Stack>
      )}
    </Paper>
  );
}
