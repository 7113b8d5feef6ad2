import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { Organization } from '@smart/contracts';
import { type FormEvent, useState } from 'react';
import { HiPencil } from 'react-icons/hi';
import { useUpdateOrganization } from '../api';
import {
  fieldForServerMessage,
  type OrganizationField,
  type OrganizationValues,
  updateBodyFrom,
  validateOrganization,
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

type FieldErrors = Partial<Record<OrganizationField, string>>;

/** The organization's editable fields with the Edit/Save toggle (spec sections 2 and 4). */
export function OrganizationDetailsSection({ organization }: { organization: Organization }) {
  const update = useUpdateOrganization(organization.id);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<OrganizationValues>(() => valuesFromOrganization(organization));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function clearErrors() {
    setFieldErrors({});
    setFormError(null);
  }

  function setField(name: OrganizationField, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  }

  function startEditing() {
    setValues(valuesFromOrganization(organization));
    clearErrors();
    setEditing(true);
  }

  function cancel() {
    // Cancel restores what was saved (spec section 4).
    setValues(valuesFromOrganization(organization));
    clearErrors();
    setEditing(false);
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateOrganization(values);
    if (Object.keys(invalid).length > 0) {
      setFieldErrors(invalid);
      return;
    }
    clearErrors();
    update.mutate(updateBodyFrom(values), {
      onSuccess: (saved) => {
        setValues(valuesFromOrganization(saved));
        setEditing(false);
      },
      onError: (caught) => {
        const field = fieldForServerMessage(caught.message);
        if (field) setFieldErrors({ [field]: caught.message });
        else setFormError(caught.message);
      },
    });
  }

  const saved = valuesFromOrganization(organization);
  const actions = editing ? (
    <>
      <Button variant="default" onClick={cancel} disabled={update.isPending}>
        Cancel
      </Button>
      <Button type="submit" form="organization-form" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save'}
      </Button>
    </>
  ) : (
    <Button variant="light" leftSection={<HiPencil aria-hidden />} onClick={startEditing}>
      Edit
    </Button>
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
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {FIELDS.map((field) => (
                <TextInput
                  key={field.name}
                  label={field.label}
                  type={field.type}
                  withAsterisk={field.required}
                  value={values[field.name]}
                  error={fieldErrors[field.name]}
                  onChange={(event) => setField(field.name, event.currentTarget.value)}
                />
              ))}
            </SimpleGrid>
            <Textarea
              label="Description"
              autosize
              minRows={3}
              value={values.description}
              error={fieldErrors.description}
              onChange={(event) => setField('description', event.currentTarget.value)}
            />
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
