import { Stack, Text } from '@mantine/core';
import { displayName, type Ticket, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { SearchSelect } from '@/components/SearchSelect';
import { personLabel, usePeopleSearch } from '@/lib/organization-users';
import { useActiveAdvisors, useAssignTicket } from '../api';

interface AssignTicketModalProps {
  ticket: Ticket;
  opened: boolean;
  onClose: () => void;
}

/** Assign Ticket: one of the ticket's organization's people or of its active advisors. */
export function AssignTicketModal({ ticket, opened, onClose }: AssignTicketModalProps) {
  const assign = useAssignTicket(ticket.id);
  return (
    <LockedModal opened={opened} busy={assign.isPending} title="Assign Ticket" onClose={onClose}>
      <AssignForm ticket={ticket} assign={assign} onClose={onClose} />
    </LockedModal>
  );
}

interface AssignFormProps {
  ticket: Ticket;
  assign: ReturnType<typeof useAssignTicket>;
  onClose: () => void;
}

const ADVISOR_DETAIL = 'S.M.A.R.T. Advisor';

function AssignForm({ ticket, assign, onClose }: AssignFormProps) {
  const [userId, setUserId] = useState<string | null>(ticket.assignedTo?.id ?? null);
  const [missing, setMissing] = useState(false);
  const [term, setTerm] = useState('');
  const organizationId = ticket.organizationId || null;
  const people = usePeopleSearch(organizationId);
  const advisors = useActiveAdvisors(ticket.organizationId);
  // Advisors are few: they are matched here, and listed first since tickets are mostly theirs to answer.
  const wanted = term.trim().toLowerCase();
  const advisorOptions = (advisors.data ?? [])
    .filter((advisor) => personLabel(advisor).toLowerCase().includes(wanted))
    .map((advisor) => ({ value: advisor.id, label: personLabel(advisor), detail: ADVISOR_DETAIL }));
  const advisorIds = new Set(advisorOptions.map((option) => option.value));
  const options = [...advisorOptions, ...people.selectProps.options.filter((option) => !advisorIds.has(option.value))];

  function save() {
    if (!organizationId) return;
    if (!userId) {
      setMissing(true);
      return;
    }
    assign.mutate(userId, { onSuccess: onClose });
  }

  const refusal = !organizationId
    ? UI_TEXT.ticketOrganizationNotFound
    : missing
      ? UI_TEXT.selectTicketAssignee
      : assign.error?.message;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {ticket.title}
      </Text>
      <FormError message={refusal} />
      <SearchSelect
        label="Assign to"
        placeholder="Search by name or e-mail"
        nothingFound="Nobody found"
        value={userId}
        valueLabel={ticket.assignedTo ? displayName(ticket.assignedTo) : null}
        onChange={(picked) => {
          assign.reset();
          setMissing(false);
          setUserId(picked);
        }}
        {...people.selectProps}
        onSearchChange={(typed) => {
          setTerm(typed);
          people.selectProps.onSearchChange(typed);
        }}
        options={options}
        loading={people.selectProps.loading || advisors.isFetching}
        error={people.isError || advisors.isError ? UI_TEXT.fetchAvailableUsersFailed : missing}
      />
      <FormActions busy={assign.isPending} submitLabel="Assign" onCancel={onClose} onConfirm={save} />
    </Stack>
  );
}
