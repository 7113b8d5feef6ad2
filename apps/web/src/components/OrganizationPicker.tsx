import { MESSAGES } from '@smart/contracts';
import { useOrganizationSearch } from '@/lib/organization-search';
import { SearchSelect } from './SearchSelect';

interface OrganizationPickerProps {
  value: string | null;
  onChange: (organizationId: string | null) => void;
}

/**
 * An admin's choice of the customer organization a new department or team belongs to (an admin
 * belongs to the platform organization, which holds only staff). Searches as the admin types.
 */
export function OrganizationPicker({ value, onChange }: OrganizationPickerProps) {
  const organizations = useOrganizationSearch(true);
  return (
    <SearchSelect
      label="Organization"
      placeholder="Search organizations"
      withAsterisk
      nothingFound="No organization found"
      {...organizations.selectProps}
      value={value}
      onChange={onChange}
      error={organizations.isError ? MESSAGES.fetchOrganizationsFailed : undefined}
    />
  );
}
