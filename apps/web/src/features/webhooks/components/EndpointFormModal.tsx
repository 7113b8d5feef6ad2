import { Stack, Textarea, TextInput } from '@mantine/core';
import {
  createWebhookEndpointBody,
  UI_TEXT,
  updateWebhookEndpointBody,
  WEBHOOK_LIMITS,
  type WebhookEndpointRecord,
} from '@smart/contracts';
import { useRef } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { messageAboveForm, showUnderField, useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api';
import { EMPTY_WEBHOOK_FORM, formFromEndpoint, type WebhookFormValues, webhookBody } from '../webhook-form';
import { EventPicker } from './EventPicker';

type EndpointFormModalProps = {
  opened: boolean;
  onClose: () => void;
} & (
  | {
      mode: 'create';
      endpoint?: undefined;
      /** The new endpoint and its signing secret, the one time it is shown. */
      onCreated: (endpoint: WebhookEndpointRecord, secret: string) => void;
    }
  | { mode: 'edit'; endpoint: WebhookEndpointRecord; onCreated?: undefined }
);

/** Add endpoint / Edit endpoint: its URL, description and events. Closes on success. */
export function EndpointFormModal(props: EndpointFormModalProps) {
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const busy = (props.mode === 'create' ? create : update).isPending;
  return (
    <LockedModal
      opened={props.opened}
      busy={busy}
      title={props.mode === 'create' ? 'Add endpoint' : 'Edit endpoint'}
      onClose={props.onClose}
      size="lg"
    >
      <EndpointForm {...props} create={create} update={update} />
    </LockedModal>
  );
}

type EndpointFormProps = EndpointFormModalProps & {
  create: ReturnType<typeof useCreateWebhookEndpoint>;
  update: ReturnType<typeof useUpdateWebhookEndpoint>;
};

function EndpointForm({ mode, endpoint, onClose, onCreated, create, update }: EndpointFormProps) {
  const mutation = mode === 'create' ? create : update;
  const form = useSavingForm<WebhookFormValues>(mutation, {
    initialValues: endpoint ? formFromEndpoint(endpoint) : EMPTY_WEBHOOK_FORM,
    validate: validateWith(mode === 'create' ? createWebhookEndpointBody : updateWebhookEndpointBody, {
      input: webhookBody,
    }),
  });
  const { values } = form;

  const eventsRef = useRef<HTMLFieldSetElement>(null);
  // The form is longer than the modal: a refused submit brings the first refused field into view.
  const showFirstError = (errors: Record<string, unknown>) => {
    if (errors.url) form.getInputNode('url')?.focus();
    else if (errors.eventTypes) eventsRef.current?.scrollIntoView({ block: 'start' });
  };

  const submit = form.onSubmit((submitted) => {
    const body = webhookBody(submitted);
    const onError = showUnderField(form);
    if (mode === 'create') {
      create.mutate(body, { onSuccess: (answer) => onCreated(answer.endpoint, answer.secret), onError });
    } else {
      update.mutate(
        { endpointId: endpoint.id, body },
        {
          onSuccess: () => {
            toastSuccess(UI_TEXT.webhookSaved);
            onClose();
          },
          onError,
        },
      );
    }
  }, showFirstError);

  return (
    <form onSubmit={(event) => (mutation.isPending ? event.preventDefault() : submit(event))} noValidate>
      <Stack gap="md">
        <FormError message={messageAboveForm(mutation.error, form)} />
        <TextInput
          label="URL"
          description="Where each event is sent with a POST"
          placeholder="https://example.com/webhooks/smart"
          withAsterisk
          maxLength={WEBHOOK_LIMITS.urlMax}
          inputMode="url"
          autoComplete="off"
          {...form.getInputProps('url')}
        />
        <Textarea
          label="Description"
          placeholder="What receives these events"
          autosize
          minRows={2}
          maxLength={WEBHOOK_LIMITS.descriptionMax}
          {...form.getInputProps('description')}
        />
        <EventPicker
          value={values.eventTypes}
          onChange={(eventTypes) => form.setFieldValue('eventTypes', eventTypes)}
          messageKinds={values.messageKinds}
          onMessageKindsChange={(kinds) => form.setFieldValue('messageKinds', kinds)}
          error={form.errors.eventTypes as string | undefined}
          messageKindsError={form.errors.messageKinds as string | undefined}
          fieldRef={eventsRef}
        />
        <FormActions
          busy={mutation.isPending}
          submitLabel={mode === 'create' ? 'Add endpoint' : 'Save changes'}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
