import { AdvisedOrganizationSelect } from '@/components/AdvisedOrganizationSelect';
import { ChosenPeople, type ChosenPerson } from '@/components/ChosenPeople';
import { PersonPicker } from '@/components/PersonPicker';

interface AdvisorSideFieldsProps {
  organizationId: string | null;
  onOrganizationChange: (organizationId: string | null) => void;
  attendees: ChosenPerson[];
  onAttendeesChange: (attendees: ChosenPerson[]) => void;
}

/** An advisor books with one of the organizations it actively advises, naming attendees among its people. */
export function AdvisorSideFields({
  organizationId,
  onOrganizationChange,
  attendees,
  onAttendeesChange,
}: AdvisorSideFieldsProps) {
  return (
    <>
      <AdvisedOrganizationSelect
        value={organizationId}
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
