import { Select, type SelectProps } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { useDepartmentOptions } from '@/lib/organization-departments';

interface DepartmentSelectProps extends Omit<SelectProps, 'data'> {
  /** Whose departments are offered; nothing is loaded while it is null. */
  organizationId: string | null | undefined;
  /** The record's department now: selectable even before the list has loaded, or when it failed. */
  current?: { id: string; name: string } | null | undefined;
}

/** A department picker for one organization ('No department' when cleared). Pass the form's input props. */
export function DepartmentSelect({ organizationId, current, ...props }: DepartmentSelectProps) {
  const departments = useDepartmentOptions(organizationId);
  const loaded = departments.options ?? [];
  const data =
    current && !loaded.some((option) => option.value === current.id)
      ? [{ value: current.id, label: current.name }, ...loaded]
      : loaded;
  return (
    <Select
      label="Department"
      placeholder="No department"
      data={data}
      searchable
      clearable
      nothingFoundMessage="No department found"
      error={departments.isError ? UI_TEXT.fetchDepartmentsFailed : undefined}
      {...props}
    />
  );
}
