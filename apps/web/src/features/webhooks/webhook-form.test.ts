import { createWebhookEndpointBody, SUBSCRIBABLE_WEBHOOK_EVENT_TYPES, UI_TEXT } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { validateWith } from '@/lib/forms';
import { EMPTY_WEBHOOK_FORM, eventGroups, type WebhookFormValues, webhookBody } from './webhook-form';

const validate = validateWith(createWebhookEndpointBody, { input: webhookBody });

describe('the endpoint form', () => {
  it('groups every subscribable event by resource, once each, in the catalogue order, without the test event', () => {
    const groups = eventGroups();
    const listed = groups.flatMap((group) => group.events.map((event) => event.type));
    expect(listed).toEqual(SUBSCRIBABLE_WEBHOOK_EVENT_TYPES);
    expect(listed).not.toContain('webhook.test');
    expect(groups.map((group) => group.label)).toEqual(['Tasks', 'Tickets', 'Messages', 'Sessions', 'Time', 'People']);
    expect(groups[0]?.events.map((event) => event.type)).toContain('comment.created');
  });

  it('sends the conversation kinds only with message.created', () => {
    const values: WebhookFormValues = {
      url: ' https://example.com/hook ',
      description: '',
      eventTypes: ['ticket.created'],
      messageKinds: ['team'],
    };
    expect(webhookBody(values)).toMatchObject({ url: 'https://example.com/hook', messageKinds: [] });
    expect(webhookBody({ ...values, eventTypes: ['message.created'] }).messageKinds).toEqual(['team']);
  });

  it('asks for a URL of http(s) and at least one event, with the contracts’ messages', () => {
    expect(validate(EMPTY_WEBHOOK_FORM)).toEqual({
      url: UI_TEXT.webhookUrlInvalid,
      eventTypes: UI_TEXT.webhookEventsRequired,
    });
    expect(validate({ ...EMPTY_WEBHOOK_FORM, url: 'ftp://example.com', eventTypes: ['task.created'] })).toEqual({
      url: UI_TEXT.webhookUrlInvalid,
    });
    expect(validate({ ...EMPTY_WEBHOOK_FORM, url: 'https://example.com', eventTypes: ['task.created'] })).toEqual({});
  });
});
