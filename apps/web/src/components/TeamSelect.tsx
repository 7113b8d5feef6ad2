import { Select, type SelectProps } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { useTeamOptions } from '@/lib/organization-teams';

interface TeamSelectProps extends Omit<SelectProps, 'data'> {
  /** Whose teams are offered; nothing is loaded while it is null. */
  organizationId: string | null | undefined;
  /** The record's team now: selectable before the list has loaded, or when it failed. */
  current?: { _id: string; name: string } | null | undefined;
}

/** A team picker for one organization ('No team' when cleared). Pass the form's input props. */
export function TeamSelect({ organizationId, current, ...props }: TeamSelectProps) {
  const teams = useTeamOptions(organizationId);
  const loaded = teams.options ?? [];
  const data =
    current && !loaded.some((option) => option.value === current._id)
      ? [{ value: current._id, label: current.name }, ...loaded]
      : loaded;
  return (
    <Select
      label="Team"
      placeholder="No team"
      data={data}
      searchable
      clearable
      nothingFoundMessage="No team found"
      error={teams.isError ? UI_TEXT.fetchTeamsFailed : undefined}
      {...props}
    />
  );
}
