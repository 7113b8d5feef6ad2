import { Checkbox, Stack, TextInput } from '@mantine/core';
import {
  type CreateConversationBody,
  createConversationBody,
  displayName,
  hasRole,
  MAX_CONVERSATION_TITLE_LENGTH,
  permissionsFor,
  UI_TEXT,
  type User,
} from '@smart/contracts';
import { AdvisedOrganizationSelect } from '@/components/AdvisedOrganizationSelect';
import { ChosenPeople } from '@/components/ChosenPeople';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { PersonPicker } from '@/components/PersonPicker';
import { useAuth } from '@/features/auth';
import { useAvailableAdvisors } from '@/lib/available-advisors';
import { messageAboveForm, showUnderField, useSavingForm, validateWith } from '@/lib/forms';
import { useCreateConversation } from '../api';

/** The conversation's fields; a refusal whose `details` path names one shows under it (lib/forms.ts). */
interface ConversationValues {
  title: string;
  /** Null until an advisor chooses one of its organizations; a member's own. */
  organizationId: string | null;
  people: { id: string; label: string }[];
  advisorIds: string[];
}

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
  const bodyOf = (values: ConversationValues): CreateConversationBody => ({
    title: values.title.trim(),
    participantIds: [...values.people.map((person) => person.id), ...values.advisorIds],
    ...(isAdvisor && values.organizationId ? { organizationId: values.organizationId } : {}),
  });
  const checkBody = validateWith(createConversationBody, { input: bodyOf });
  const form = useSavingForm<ConversationValues>(create, {
    initialValues: {
      title: '',
      organizationId: isAdvisor ? null : permissionsFor(user).organizationId,
      people: [],
      advisorIds: [],
    },
    // The body's schema, and (the API takes it from a member's account) an advisor's organization.
    validate: (values) => ({
      ...checkBody(values),
      ...(!values.organizationId && { organizationId: UI_TEXT.advisorNamesOrganization }),
    }),
  });
  const { organizationId, people, advisorIds } = form.getValues();

  const submit = form.onSubmit((values) => {
    if (create.isPending) return;
    create.mutate(bodyOf(values), {
      onSuccess: (conversation) => {
        onClose();
        onCreated(conversation.id);
      },
      onError: showUnderField(form),
    });
  });

  return (
    <LockedModal opened busy={create.isPending} title="New conversation" onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <FormError message={messageAboveForm(create.error, form)} />
          <TextInput
            label="Title"
            withAsterisk
            data-autofocus
            maxLength={MAX_CONVERSATION_TITLE_LENGTH}
            {...form.getInputProps('title')}
          />
          {isAdvisor && (
            <AdvisedOrganizationSelect
              value={organizationId}
              onChange={(value) => form.setValues({ organizationId: value, people: [] })}
              error={form.errors.organizationId}
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
            onPick={(option) => form.setFieldValue('people', [...people, { id: option.value, label: option.label }])}
          />
          <ChosenPeople
            people={people}
            onRemove={(personId) =>
              form.setFieldValue(
                'people',
                people.filter((entry) => entry.id !== personId),
              )
            }
          />
          {!isAdvisor && <AdvisorChoice value={advisorIds} onChange={(ids) => form.setFieldValue('advisorIds', ids)} />}
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
