import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { CURRENCY_CODES, type CurrencyCode, formatTaxRate, type InvoicingSettings, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { FormError } from '@/components/FormError';
import { toastSuccess } from '@/lib/toast';
import { useSaveInvoicingSettings } from '../api';
import { parseTaxPercent, taxPercentText } from '../invoicing-format';

interface InvoicingSettingsSectionProps {
  settings: InvoicingSettings;
  /** Hourly rates are set in the currency: it is fixed while there are any (the server refuses, 409). */
  hasRates: boolean;
}

/** The organization's invoice currency and tax rate: a form for its org_admin and admin, a line for its advisors. */
export function InvoicingSettingsSection({ settings, hasRates }: InvoicingSettingsSectionProps) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="invoicing-settings-title">
      <Title order={2} size="h4" id="invoicing-settings-title" mb="sm">
        Currency and tax
      </Title>
      {settings.permissions.canEdit ? (
        <SettingsForm settings={settings} hasRates={hasRates} />
      ) : (
        <Text>
          Invoices are in {settings.currency}, with {formatTaxRate(settings.taxRateBasisPoints)} tax added to the
          subtotal.
        </Text>
      )}
    </Paper>
  );
}

function SettingsForm({ settings, hasRates }: InvoicingSettingsSectionProps) {
  const save = useSaveInvoicingSettings(settings.organizationId);
  const [currency, setCurrency] = useState<CurrencyCode>(settings.currency);
  const [taxText, setTaxText] = useState(taxPercentText(settings.taxRateBasisPoints));
  const [taxError, setTaxError] = useState<string | null>(null);
  const changed = currency !== settings.currency || parseTaxPercent(taxText) !== settings.taxRateBasisPoints;
  const submit = () => {
    const taxRateBasisPoints = parseTaxPercent(taxText);
    if (taxRateBasisPoints === null) {
      setTaxError(UI_TEXT.taxRateInvalid);
      return;
    }
    save.mutate({ currency, taxRateBasisPoints }, { onSuccess: () => toastSuccess(UI_TEXT.invoicingSaved) });
  };
  return (
    <form
      aria-label="Currency and tax"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Select
            label="Currency"
            data={CURRENCY_CODES}
            value={currency}
            onChange={(value) => {
              save.reset();
              if (value) setCurrency(value as CurrencyCode);
            }}
            allowDeselect={false}
            searchable
            disabled={hasRates}
            description={hasRates ? 'Fixed while hourly rates are set in it' : 'Hourly rates are set in it'}
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            label="Tax rate"
            description="Added to each invoice's subtotal"
            value={taxText}
            onChange={(event) => {
              save.reset();
              setTaxError(null);
              setTaxText(event.currentTarget.value);
            }}
            error={taxError}
            inputMode="decimal"
            rightSection={
              <Text size="sm" c="dimmed" aria-hidden>
                %
              </Text>
            }
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
        <FormError message={save.error?.message} />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
