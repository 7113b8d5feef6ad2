import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAdvisedOrganizations } from '@/lib/advised-organizations';

interface AdvisedOrganizationSelectProps {
  value: string | null;
  onChange: (organizationId: string | null) => void;
  /** Marks the field invalid; a message shows under it. */
  error?: ReactNode;
  disabled?: boolean;
}

/** An advisor's choice among the organizations it actively advises (a ticket's, a conversation's). */
export function AdvisedOrganizationSelect({ value, onChange, error, disabled }: AdvisedOrganizationSelectProps) {
  const organizations = useAdvisedOrganizations(true);
  return (
    <Select
      label="Organization"
      placeholder="Choose an organization..."
      withAsterisk
      data={(organizations.data ?? []).map((entry) => ({ value: entry.organizationId, label: entry.organizationName }))}
      disabled={disabled || organizations.isPending}
      value={value}
      onChange={onChange}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
