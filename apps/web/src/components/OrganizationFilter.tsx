import { Select } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { useAdvisedOrganizations } from '@/lib/advised-organizations';
import { useOrganization } from '@/lib/organization-query';
import type { OrganizationReach } from '@/lib/organization-reach';
import { useOrganizationSearch } from '@/lib/organization-search';
import { SearchSelect } from './SearchSelect';

interface OrganizationFilterProps {
  reach: Exclude<OrganizationReach, 'own'>;
  value: string | null;
  onChange: (organizationId: string | null) => void;
  /** One organization must be chosen (its terms are shown): no "All organizations". */
  required?: boolean;
}

const LABEL = 'Organization';
const ALL = 'All organizations';
const CHOOSE = 'Choose an organization';

/**
 * A list's organization filter: an advisor picks among the organizations it advises, an
 * admin searches them all (there may be thousands). Cleared, the list shows every one; a
 * `required` one is not cleared.
 */
export function OrganizationFilter({ reach, value, onChange, required = false }: OrganizationFilterProps) {
  return reach === 'advised' ? (
    <AdvisedFilter value={value} onChange={onChange} required={required} />
  ) : (
    <SearchedFilter value={value} onChange={onChange} required={required} />
  );
}

function AdvisedFilter({ value, onChange, required }: Omit<OrganizationFilterProps, 'reach'>) {
  const organizations = useAdvisedOrganizations(true);
  return (
    <Select
      label={LABEL}
      placeholder={required ? CHOOSE : ALL}
      data={(organizations.data ?? []).map((entry) => ({ value: entry.organizationId, label: entry.organizationName }))}
      value={value}
      onChange={onChange}
      clearable={!required}
      allowDeselect={!required}
      searchable
      nothingFoundMessage="No organization found"
    />
  );
}

function SearchedFilter({ value, onChange, required }: Omit<OrganizationFilterProps, 'reach'>) {
  const organizations = useOrganizationSearch(true);
  // A filter read from the address names its organization before any search has listed it.
  const named = useOrganization(value);
  return (
    <SearchSelect
      label={LABEL}
      placeholder={required ? CHOOSE : ALL}
      clearable={!required}
      valueLabel={named.data?.name ?? null}
      nothingFound="No organization found"
      {...organizations.selectProps}
      value={value}
      onChange={onChange}
      error={organizations.isError ? UI_TEXT.fetchOrganizationsFailed : undefined}
    />
  );
}
