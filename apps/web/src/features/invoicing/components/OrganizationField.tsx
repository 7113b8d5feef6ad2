import { Box } from '@mantine/core';
import { OrganizationFilter } from '@/components/OrganizationFilter';
import { useInvoicingRoles } from '../invoicing-roles';

interface OrganizationFieldProps {
  value: string | null;
  onChange: (organizationId: string | null) => void;
  /** One must be chosen (its terms, a new draft's): no "All organizations". */
  required?: boolean;
}

/**
 * The organization a tab shows, for whoever reaches several: an advisor picks among those it
 * advises, an admin searches them all. An org_admin has its own only, and no field.
 */
export function OrganizationField({ value, onChange, required = false }: OrganizationFieldProps) {
  const { reach, many } = useInvoicingRoles();
  if (reach === 'own' || !many) return null;
  return (
    <Box w={{ base: '100%', xs: 320 }}>
      <OrganizationFilter reach={reach} value={value} onChange={onChange} required={required} />
    </Box>
  );
}
