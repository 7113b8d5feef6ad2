import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type CurrencyCode, displayName, parseMoney, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { FormError } from '@/components/FormError';
import { localDay } from '@/lib/local-day';
import { useOrganizationAdvisors } from '@/lib/organization-advisors';
import { toastSuccess } from '@/lib/toast';
import { useSetRate } from '../api';

/** Invoices are monthly: a new rate usually starts with the month. */
const firstOfThisMonth = () => {
  const today = new Date();
  return localDay(new Date(today.getFullYear(), today.getMonth(), 1));
};

interface Errors {
  advisorId?: string;
  amount?: string;
  effectiveFrom?: string;
}

/** An advisor's hourly rate from a day on, typed as money in the organization's currency (the same day replaces it). */
export function AddRateForm({ organizationId, currency }: { organizationId: string; currency: CurrencyCode }) {
  const advisors = useOrganizationAdvisors(organizationId);
  const setRate = useSetRate(organizationId);
  const [advisorId, setAdvisorId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState(firstOfThisMonth);
  const [errors, setErrors] = useState<Errors>({});
  const options = (advisors.data ?? [])
    .filter((entry) => entry.isActive)
    .map((entry) => ({ value: entry.advisor.id, label: displayName(entry.advisor) }));
  const edited = (field: keyof Errors) => {
    setRate.reset();
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = () => {
    const hourlyRateMinor = parseMoney(amount, currency);
    const found: Errors = {
      ...(!advisorId && { advisorId: 'Choose an advisor' }),
      ...(hourlyRateMinor === null && { amount: UI_TEXT.hourlyRateInvalid }),
      ...(!effectiveFrom && { effectiveFrom: UI_TEXT.dateInvalid }),
    };
    setErrors(found);
    if (!advisorId || hourlyRateMinor === null || !effectiveFrom) return;
    setRate.mutate(
      { advisorId, hourlyRateMinor, effectiveFrom },
      {
        onSuccess: () => {
          toastSuccess(UI_TEXT.rateSaved);
          setAmount('');
        },
      },
    );
  };

  return (
    <form
      aria-labelledby="add-rate-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="add-rate-title">
          Add rate
        </Title>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Select
            label="Advisor"
            placeholder={advisors.isPending ? 'Loading...' : 'Choose an advisor'}
            data={options}
            value={advisorId}
            onChange={(value) => {
              edited('advisorId');
              setAdvisorId(value);
            }}
            nothingFoundMessage="No advisor assigned here"
            error={errors.advisorId}
            required
            searchable
            w={{ base: '100%', xs: 240 }}
          />
          <TextInput
            label="Hourly rate"
            placeholder="150.00"
            value={amount}
            onChange={(event) => {
              edited('amount');
              setAmount(event.currentTarget.value);
            }}
            error={errors.amount}
            required
            inputMode="decimal"
            rightSection={
              <Text size="xs" c="dimmed">
                {currency}
              </Text>
            }
            rightSectionWidth={48}
            w={{ base: '100%', xs: 180 }}
          />
          <TextInput
            type="date"
            label="From"
            value={effectiveFrom}
            onChange={(event) => {
              edited('effectiveFrom');
              setEffectiveFrom(event.currentTarget.value);
            }}
            error={errors.effectiveFrom}
            required
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
        <FormError message={setRate.error?.message} />
        <Group>
          <Button type="submit" variant="default" loading={setRate.isPending}>
            Add rate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
