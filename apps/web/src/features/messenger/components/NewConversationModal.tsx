import { Checkbox, Stack, TextInput } from '@mantine/core';
import {
  displayName,
  hasRole,
  MAX_CONVERSATION_TITLE_LENGTH,
  permissionsFor,
  UI_TEXT,
  type User,
} from '@smart/contracts';
import { useState } from 'react';
import { AdvisedOrganizationSelect } from '@/components/AdvisedOrganizationSelect';
import { ChosenPeople } from '@/components/ChosenPeople';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { PersonPicker } from '@/components/PersonPicker';
import { useAuth } from '@/features/auth';
import { useAvailableAdvisors } from '@/lib/available-advisors';
import { useCreateConversation } from '../api';

interface NewConversationModalProps {
  onClose: () => void;
  onCreated: (conversationId: string) => void;
}

/**
 * New conversation: a title and participants from the organization and its advisors. An
 * advisor first picks which of its organizations; members start one in their own. The user is always
 * a participant; the server refuses anyone else.
 */
export function NewConversationModal({ onClose, onCreated }: NewConversationModalProps) {
  const { user } = useAuth();
  const isAdvisor = hasRole(user, 'advisor');
  const create = useCreateConversation();
  const [title, setTitle] = useState('');
  const [organizationId, setOrganizationId] = useState<string | null>(
    isAdvisor ? null : permissionsFor(user).organizationId,
  );
  const [people, setPeople] = useState<{ id: string; label: string }[]>([]);
  const [advisorIds, setAdvisorIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    if (!title.trim()) return setProblem(UI_TEXT.conversationTitleRequired);
    if (!organizationId) return setProblem(UI_TEXT.advisorNamesOrganization);
    create.mutate(
      {
        title: title.trim(),
        participantIds: [...people.map((person) => person.id), ...advisorIds],
        ...(isAdvisor ? { organizationId } : {}),
      },
      {
        onSuccess: (conversation) => {
          onClose();
          onCreated(conversation.id);
        },
      },
    );
  };

  const edit = () => {
    setProblem(null);
    create.reset();
  };

  return (
    <LockedModal opened busy={create.isPending} title="New conversation" onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!create.isPending) submit();
        }}
      >
        <Stack gap="md">
          <FormError message={create.error?.message ?? problem} />
          <TextInput
            label="Title"
            withAsterisk
            data-autofocus
            maxLength={MAX_CONVERSATION_TITLE_LENGTH}
            value={title}
            onChange={(event) => {
              edit();
              setTitle(event.currentTarget.value);
            }}
          />
          {isAdvisor && (
            <AdvisedOrganizationSelect
              value={organizationId}
              onChange={(value) => {
                edit();
                setOrganizationId(value);
                setPeople([]);
              }}
            />
          )}
          <PersonPicker
            organizationId={organizationId}
            label="Add people"
            description="People of the organization who will read and write in it"
            value={null}
            disabled={!organizationId}
            exclude={(person: User) => person.id === user?.id || people.some((chosen) => chosen.id === person.id)}
            onChange={() => {}}
            onPick={(option) => {
              edit();
              setPeople((chosen) => [...chosen, { id: option.value, label: option.label }]);
            }}
          />
          <ChosenPeople
            people={people}
            onRemove={(personId) => setPeople((chosen) => chosen.filter((entry) => entry.id !== personId))}
          />
          {!isAdvisor && <AdvisorChoice value={advisorIds} onChange={setAdvisorIds} />}
          <FormActions busy={create.isPending} submitLabel="Create" onCancel={onClose} />
        </Stack>
      </form>
    </LockedModal>
  );
}

/** The organization's active advisors, offered to its people. */
function AdvisorChoice({ value, onChange }: { value: string[]; onChange: (value: string[]) => void }) {
  const advisors = useAvailableAdvisors();
  if (!advisors.data?.length) return null;
  return (
    <Checkbox.Group label="Advisors" value={value} onChange={onChange}>
      <Stack gap={6} mt={6}>
        {advisors.data.map((advisor) => (
          <Checkbox key={advisor.id} value={advisor.id} label={displayName(advisor)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
