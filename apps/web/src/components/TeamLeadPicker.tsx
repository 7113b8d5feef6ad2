import type { UseFormReturnType } from '@mantine/form';
import { PersonPicker } from './PersonPicker';

interface TeamLeadPickerProps {
  /** A Create Team form: its `teamLead` is set here. */
  form: UseFormReturnType<{ teamLead: string | null }>;
  /** The new team's organization; the picker waits while it is unknown (an admin has not chosen yet). */
  organizationId: string | null;
}

/** The optional lead of a new team, who joins it as its Team Lead. */
export function TeamLeadPicker({ form, organizationId }: TeamLeadPickerProps) {
  return (
    <PersonPicker
      organizationId={organizationId}
      label="Team lead"
      description="Optional; joins the team as its Team Lead"
      placeholder={organizationId ? undefined : 'Choose the organization first'}
      clearable
      disabled={!organizationId}
      value={form.values.teamLead}
      onChange={(picked) => form.setFieldValue('teamLead', picked)}
      error={form.errors.teamLead}
    />
  );
}
