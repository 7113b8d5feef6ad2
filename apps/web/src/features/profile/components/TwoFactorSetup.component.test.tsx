import { twoFactorEndpoints, UI_TEXT } from '@smart/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, refuse } from '@/test/fake-server';
import { aUser } from '@/test/records';
import { renderSignedIn } from '@/test/render';
import { TwoFactorSetup } from './TwoFactorSetup';

const user = aUser();

function renderSetup() {
  const server = fakeServer();
  server.answer(twoFactorEndpoints.beginSetup, () =>
    ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/SMART:nora?secret=JBSWY3DPEHPK3PXP' }),
  );
  return { ...renderSignedIn(<TwoFactorSetup />, { server, user }), server };
}

const codeField = async () => screen.findByLabelText(/^Code from your app/);
const underField = (input: HTMLElement) => within(input.closest('.mantine-InputWrapper-root') as HTMLElement);

describe('Set up two-factor sign-in', () => {
  it('turns it on with the code typed and shows the recovery codes', async () => {
    const { person, server } = renderSetup();
    server.answer(twoFactorEndpoints.confirmSetup, () => ok({ recoveryCodes: ['abcde-12345', 'fghij-67890'] }));

    await person.type(await codeField(), ' 123456 ');
    await person.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText('abcde-12345')).toBeTruthy();
    expect(server.sent.at(-1)?.body).toEqual({ code: '123456' });
  });

  it('asks for the code when none is typed, without asking the server', async () => {
    const { person, server } = renderSetup();

    const code = await codeField();
    await person.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await underField(code).findByText(UI_TEXT.twoFactorCodeRequired)).toBeTruthy();
    expect(server.sent.map((request) => request.url)).not.toContain('/api/users/2fa/confirm');
  });

  it('says a wrong code under the field, and lets the user type again', async () => {
    const { person, server } = renderSetup();
    server.answer(twoFactorEndpoints.confirmSetup, () => refuse('BAD_REQUEST', UI_TEXT.twoFactorCodeInvalid));

    const code = await codeField();
    await person.type(code, '000000');
    await person.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await underField(code).findByText(UI_TEXT.twoFactorCodeInvalid)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    await person.type(code, '1');
    expect(underField(code).queryByText(UI_TEXT.twoFactorCodeInvalid)).toBeNull();
  });
});
