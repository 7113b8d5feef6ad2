import { Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { API_TOKEN_LIMITS } from '@smart/contracts';
import { addDays, DATE_EXPIRY, EXPIRY_DAYS, type TokenFormValues } from '../token-form';
import { ScopeGrid } from './ScopeGrid';

const EXPIRY_CHOICES = [
  ...EXPIRY_DAYS.map((days) => ({
    value: String(days),
    label: `${days} days${days === API_TOKEN_LIMITS.defaultExpiryDays ? ' (recommended)' : ''}`,
  })),
  { value: DATE_EXPIRY, label: 'On a day I choose' },
];

/** An organization an advisor's token may reach. */
export interface OrganizationChoice {
  id: string;
  name: string;
}

interface TokenFormFieldsProps {
  form: UseFormReturnType<TokenFormValues>;
  /** Today (YYYY-MM-DD): the expiry's days count from it. Absent: the form has no expiry (editing). */
  today?: string;
  /** An advisor's token: the organizations it may reach, checked or not. */
  organizations?: OrganizationChoice[] | undefined;
}

/** A token's name, expiry (new tokens), scopes and, for an advisor, the organizations it reaches. */
export function TokenFormFields({ form, today, organizations }: TokenFormFieldsProps) {
  const values = form.getValues();
  return (
    <Stack gap="md">
      <TextInput
        label="Name"
        description="What the token is for, e.g. the script or the tool that uses it"
        required
        maxLength={API_TOKEN_LIMITS.nameMax}
        data-autofocus
        {...form.getInputProps('name')}
      />
      {today && (
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Select
            label="Expires in"
            data={EXPIRY_CHOICES}
            allowDeselect={false}
            w={220}
            {...form.getInputProps('expiry')}
          />
          {values.expiry === DATE_EXPIRY && (
            <TextInput
              type="date"
              label="Expires on"
              required
              min={addDays(today, 1)}
              max={addDays(today, API_TOKEN_LIMITS.maxExpiryDays)}
              {...form.getInputProps('expiresOn')}
            />
          )}
        </Group>
      )}
      <ScopeGrid
        value={values.scopes}
        onChange={(resource, access) => form.setFieldValue(`scopes.${resource}`, access)}
      />
      {organizations && (
        <Checkbox.Group
          label="Organizations"
          description="The token reaches only the organizations checked, never one you are assigned to later (unless you edit it)."
          {...form.getInputProps('organizationIds')}
        >
          <Stack gap={6} mt="xs">
            {organizations.map((organization) => (
              <Checkbox key={organization.id} value={organization.id} label={organization.name} />
            ))}
            {organizations.length === 0 && (
              <Text size="sm" c="dimmed">
                You advise no organization now.
              </Text>
            )}
          </Stack>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
