import {
  notificationEndpoints,
  PRODUCT_NAME,
  recordPaths,
  UI_TEXT,
  type UnsubscribeKind,
  unsubscribedMessage,
  unsubscribeKindDescription,
  unsubscribeQuestion,
} from '@smart/contracts';
import { escapeHtml } from '../../mail/html.js';

/*
 * The small pages of the unsubscribe link: opened from an e-mail, without the web app or a session,
 * so they are plain HTML in the app's look, naming the kind of e-mail and the address it stops (a
 * bare "Stop these notification e-mails?" said neither). The colours are the web app's theme
 * (apps/web/src/app/theme.ts): its slate, its surfaces and its readable dimmed grey, in the light
 * and the dark theme as the system asks.
 */
const STYLE = `:root{color-scheme:light dark;--page:#f8f9fa;--card:#fff;--border:#dee2e6;--text:#000;--dimmed:#5c636a;--button:#51688a;--link:#3a4e6d}
@media (prefers-color-scheme:dark){:root{--page:#1f1f1f;--card:#2e2e2e;--border:#424242;--text:#c9c9c9;--dimmed:#a6a6a6;--button:#475c7c;--link:#c2ccdb}}
body{margin:0;background:var(--page);color:var(--text);font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.55}
main{max-width:30rem;margin:0 auto;padding:4rem 1rem}
.brand{display:flex;align-items:center;gap:.625rem;margin:0 0 1.25rem;font-size:1.125rem;font-weight:700;color:inherit;text-decoration:none}
.card{background:var(--card);border:1px solid var(--border);border-radius:.5rem;padding:1.5rem}
h1{margin:0 0 .75rem;font-size:1.625rem;line-height:1.35}
p{margin:0 0 1rem}
.card>:last-child{margin-bottom:0}
.lead{font-size:1.125rem;overflow-wrap:anywhere}
.dimmed{color:var(--dimmed);font-size:.875rem}
button{font:inherit;font-weight:600;padding:.5rem 1.25rem;border:0;border-radius:.5rem;background:var(--button);color:#fff;cursor:pointer}
form{margin:0 0 1rem}
a{color:var(--link)}`;

/** The app's mark (apps/web/public/favicon.svg). */
const MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#51688a"/><path d="M9 21.5c1.4 1.3 3.6 2 6 2 3.6 0 6-1.6 6-4.2 0-5.6-11-3.2-11-8.2 0-2 2-3.6 5.2-3.6 2 0 3.8.6 5 1.5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/></svg>';

function page(appUrl: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(UI_TEXT.unsubscribeTitle)} · ${escapeHtml(PRODUCT_NAME)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style></head>
<body><main>
<a class="brand" href="${escapeHtml(appUrl)}">${MARK}<span>${escapeHtml(PRODUCT_NAME)}</span></a>
<div class="card">
<h1>${escapeHtml(UI_TEXT.unsubscribeTitle)}</h1>
${body}
<p class="dimmed"><a href="${escapeHtml(`${appUrl}${recordPaths.notificationPreferences}`)}">Notification preferences</a></p>
</div>
</main></body></html>
`;
}

/** GET: asks first (mail scanners follow links; only the button's POST unsubscribes), naming what and where. */
export const confirmUnsubscribePage = (appUrl: string, token: string, kind: UnsubscribeKind, address: string) =>
  page(
    appUrl,
    `<p class="lead">${escapeHtml(unsubscribeQuestion(kind, address))}</p>
<p class="dimmed">${escapeHtml(unsubscribeKindDescription(kind))}</p>
<form method="post" action="${notificationEndpoints.unsubscribe.path}?token=${escapeHtml(encodeURIComponent(token))}">
<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(UI_TEXT.unsubscribeButton)}</button>
</form>`,
  );

export const unsubscribedPage = (appUrl: string, kind: UnsubscribeKind, address: string) =>
  page(
    appUrl,
    `<p class="lead" role="status">${escapeHtml(unsubscribedMessage(kind, address))}</p><p>${escapeHtml(UI_TEXT.unsubscribeChangeLater)}</p>`,
  );

export const invalidUnsubscribePage = (appUrl: string) =>
  page(appUrl, `<p class="lead">${escapeHtml(UI_TEXT.unsubscribeInvalid)}</p>`);
