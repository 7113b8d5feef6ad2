import { Stack } from '@mantine/core';
import { createApiTokenBody, UI_TEXT } from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { messageAboveForm, showUnderField, useSavingForm, validateWith } from '@/lib/forms';
import { today as todayHere } from '@/lib/work-format';
import { type TokenOwner, useCreateToken } from '../api';
import { createBody, newTokenValues, TOKEN_FORM_FIELDS, type TokenFormValues } from '../token-form';
import { type OrganizationChoice, TokenFormFields } from './TokenFormFields';
import { TokenSecret } from './TokenSecret';

interface CreateTokenModalProps {
  opened: boolean;
  owner: TokenOwner;
  /** An advisor's token: the organizations it advises, all checked to start with. */
  organizations?: OrganizationChoice[] | undefined;
  onClose: () => void;
}

/**
 * New token: name, expiry, scopes (and an advisor's organizations); then its secret, shown once.
 * While the secret shows the modal closes only through Done, so it is not lost by a stray click.
 */
export function CreateTokenModal({ opened, owner, organizations, onClose }: CreateTokenModalProps) {
  const create = useCreateToken(owner);
  const close = () => {
    create.reset();
    onClose();
  };
  const created = create.data;
  const title = owner.kind === 'organization' ? 'New organization token' : 'New API token';
  return (
    <LockedModal opened={opened} busy={create.isPending || Boolean(created)} title={title} onClose={close}>
      {created ? (
        <TokenSecret name={created.token.name} secret={created.secret} onDone={close} />
      ) : (
        <CreateTokenForm create={create} organizations={organizations} onCancel={close} />
      )}
    </LockedModal>
  );
}

interface CreateTokenFormProps {
  create: ReturnType<typeof useCreateToken>;
  organizations: OrganizationChoice[] | undefined;
  onCancel: () => void;
}

function CreateTokenForm({ create, organizations, onCancel }: CreateTokenFormProps) {
  const today = todayHere();
  const withOrganizations = organizations !== undefined;
  const toBody = (values: TokenFormValues) => createBody(values, today, withOrganizations);
  const form = useSavingForm<TokenFormValues>(create, {
    initialValues: newTokenValues(organizations?.map((organization) => organization.id)),
    validate: validateWith(createApiTokenBody, { input: toBody, fields: TOKEN_FORM_FIELDS }),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(toBody(values), { onError: showUnderField(form, { fields: TOKEN_FORM_FIELDS }) }),
  );
  const noOrganization = withOrganizations && form.getValues().organizationIds.length === 0;
  return (
    <form onSubmit={submit} noValidate aria-label="New token">
      <Stack gap="md">
        <FormError message={messageAboveForm(create.error, form, { fields: TOKEN_FORM_FIELDS })} />
        <TokenFormFields form={form} today={today} organizations={organizations} />
        <FormActions
          busy={create.isPending}
          submitLabel="Create token"
          onCancel={onCancel}
          submitDisabled={noOrganization}
          disabledHint={UI_TEXT.apiTokenOrganizationsRequired}
        />
      </Stack>
    </form>
  );
}
