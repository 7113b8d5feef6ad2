import { MESSAGES, notificationEndpoints, recordPaths } from '@smart/contracts';
import { escapeHtml } from '../../mail/html.js';

/** The small pages of the unsubscribe link: opened from an e-mail, without the web app or a session. */
function page(appUrl: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(MESSAGES.unsubscribeTitle)} · S.M.A.R.T.</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}
button{font:inherit;padding:.5rem 1.25rem;border:0;border-radius:.375rem;background:#1c7ed6;color:#fff;cursor:pointer}
a{color:#1c7ed6}</style></head>
<body><h1>S.M.A.R.T.</h1>
${body}
<p><a href="${escapeHtml(`${appUrl}${recordPaths.notificationPreferences}`)}">Notification preferences</a></p>
</body></html>
`;
}

/** GET: asks first (mail scanners follow links; only the button's POST unsubscribes). */
export const confirmUnsubscribePage = (appUrl: string, token: string) =>
  page(
    appUrl,
    `<p>${escapeHtml(MESSAGES.unsubscribeConfirm)}</p>
<form method="post" action="${notificationEndpoints.unsubscribe.path}?token=${escapeHtml(encodeURIComponent(token))}">
<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(MESSAGES.unsubscribeButton)}</button>
</form>`,
  );

export const unsubscribedPage = (appUrl: string) =>
  page(appUrl, `<p>${escapeHtml(MESSAGES.unsubscribeDone)}</p><p>${escapeHtml(MESSAGES.unsubscribeChangeLater)}</p>`);

export const invalidUnsubscribePage = (appUrl: string) =>
  page(appUrl, `<p>${escapeHtml(MESSAGES.unsubscribeInvalid)}</p>`);
