import type { ReactNode } from 'react';
import { AdvisedOrganizationSelect } from '@/components/AdvisedOrganizationSelect';
import { ChosenPeople, type ChosenPerson } from '@/components/ChosenPeople';
import { PersonPicker } from '@/components/PersonPicker';

interface AdvisorSideFieldsProps {
  organizationId: string | null;
  /** A refusal of the organization, shown under it. */
  organizationError?: ReactNode;
  onOrganizationChange: (organizationId: string | null) => void;
  attendees: ChosenPerson[];
  onAttendeesChange: (attendees: ChosenPerson[]) => void;
}

/** An advisor books with one of the organizations it actively advises, naming attendees among its people. */
export function AdvisorSideFields({
  organizationId,
  organizationError,
  onOrganizationChange,
  attendees,
  onAttendeesChange,
}: AdvisorSideFieldsProps) {
  return (
    <>
      <AdvisedOrganizationSelect
        value={organizationId}
        error={organizationError}
        onChange={(value) => {
          onOrganizationChange(value);
          onAttendeesChange([]);
        }}
      />
      <PersonPicker
        organizationId={organizationId}
        label="Attendees"
        description="People of the organization to invite"
        value={null}
        disabled={!organizationId}
        exclude={(person) => attendees.some((chosen) => chosen.id === person.id)}
        onChange={() => {}}
        onPick={(option) => onAttendeesChange([...attendees, { id: option.value, label: option.label }])}
      />
      <ChosenPeople
        people={attendees}
        onRemove={(personId) => onAttendeesChange(attendees.filter((entry) => entry.id !== personId))}
      />
    </>
  );
}
