import { UI_TEXT } from '@smart/contracts';
import { useOrganizationSearch } from '@/lib/organization-search';
import { SearchSelect } from './SearchSelect';

interface OrganizationPickerProps {
  value: string | null;
  onChange: (organizationId: string | null) => void;
  /** Which organization the admin's organization page shows: any, the platform one too, none required. */
  viewing?: { name: string | null };
}

/**
 * An admin's choice of the customer organization a new department or team belongs to (an admin
 * belongs to the platform organization, which holds only staff), or of the organization its
 * organization page shows. Searches as the admin types.
 */
export function OrganizationPicker({ value, onChange, viewing }: OrganizationPickerProps) {
  // The organization page may show any organization; a new department or team goes into a customer's.
  const organizations = useOrganizationSearch(true, viewing === undefined ? {} : { exclude: null });
  return (
    <SearchSelect
      label="Organization"
      placeholder="Search organizations"
      withAsterisk={viewing === undefined}
      valueLabel={viewing?.name}
      nothingFound="No organization found"
      {...organizations.selectProps}
      value={value}
      onChange={onChange}
      error={organizations.isError ? UI_TEXT.fetchOrganizationsFailed : undefined}
    />
  );
}
