import { notificationEndpoints, phoneEndpoints, NOTIFICATION_SETTINGS_TEXT as TEXT, UI_TEXT } from '@smart/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, refuse } from '@/test/fake-server';
import { aUser, notificationSettings } from '@/test/records';
import { renderSignedIn } from '@/test/render';
import { useNotificationSettings } from '../settings-api';
import { PhoneVerification } from './PhoneVerification';

const user = aUser();
const phone = '+15551234567';

/** The phone part of the preferences page, which reads it from the settings as the page does. */
function PhoneOfSettings() {
  const settings = useNotificationSettings();
  return settings.data ? (
    <PhoneVerification phone={settings.data.phone} verified={settings.data.phoneVerified} />
  ) : null;
}

async function sendAndType(person: ReturnType<typeof renderSignedIn>['person'], code: string) {
  await person.click(await screen.findByRole('button', { name: TEXT.sendCode }));
  expect(await screen.findByText(UI_TEXT.phoneCodeSent)).toBeTruthy();
  const field = screen.getByLabelText(TEXT.codeLabel);
  await person.type(field, code);
  await person.click(screen.getByRole('button', { name: TEXT.verify }));
  return field;
}

function renderPhone() {
  const server = fakeServer();
  server.answer(notificationEndpoints.settings, () => ok(notificationSettings({ phone, phoneVerified: false })));
  server.answer(phoneEndpoints.sendCode, () => ({ success: true as const, message: UI_TEXT.phoneCodeSent }));
  return { ...renderSignedIn(<PhoneOfSettings />, { server, user }), server };
}

describe('Verify the phone for SMS', () => {
  it('sends a code, takes the code typed back and shows the phone verified', async () => {
    const { person, server } = renderPhone();
    server.answer(phoneEndpoints.confirmCode, () => ok(notificationSettings({ phone, phoneVerified: true })));

    await sendAndType(person, '12 34-56');

    expect(await screen.findByText(TEXT.verified)).toBeTruthy();
    expect(server.sent.at(-1)?.body).toEqual({ code: '123456' });
  });

  it('says a wrong code under the field, until the code is typed again', async () => {
    const { person, server } = renderPhone();
    server.answer(phoneEndpoints.confirmCode, () => refuse('BAD_REQUEST', UI_TEXT.phoneCodeInvalid));

    const field = await sendAndType(person, '000000');

    const wrapper = within(field.closest('.mantine-InputWrapper-root') as HTMLElement);
    expect(await wrapper.findByText(UI_TEXT.phoneCodeInvalid)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await person.type(field, '{Backspace}');
    expect(wrapper.queryByText(UI_TEXT.phoneCodeInvalid)).toBeNull();
  });
});
