import type { Config } from './config.js';
import { DEMO_PASSWORD, demoAssignments, demoSignIns, demoUsers } from './db/seed/demo-data.js';

export interface StartBannerFacts {
  config: Config;
  /** The port the server listens on (PORT=0 takes a free one). */
  port: number;
  /** `PGlite in <dir>` or `PostgreSQL`. */
  database: string;
  seededNow: boolean;
  /** Where the start spent its time (main.ts's phases). */
  phases: string;
}

/** What `npm start` prints once the server listens: where, how to sign in, where mail goes. */
export function startBanner({ config, port, database, seededNow, phases }: StartBannerFacts): string[] {
  return [
    '',
    `S.M.A.R.T. is running at http://localhost:${port} (${database}${seededNow ? ', demo data seeded now' : ''})`,
    listeningLine(config),
    `API docs: http://localhost:${port}/api/docs`,
    config.mail.smtpUrl
      ? `Mail: sent over SMTP, links to ${config.appUrl}`
      : `Mail: written to ${config.mail.mailboxDir} (set SMTP_URL to send it), links to ${config.appUrl}`,
    ...(config.seedDemoData ? demoSignInBanner() : []),
    ...(config.bootstrapAdmin ? [`Platform admin: ${config.bootstrapAdmin.email}`] : []),
    phases,
    '',
  ];
}

function listeningLine(config: Config): string {
  if (config.loopbackForDemo) {
    return `Listening on ${config.host} only: this machine's browsers reach it, others do not, since the demo accounts' password is public. Set HOST=0.0.0.0 to open it to the network.`;
  }
  return `Listening on ${config.host}${config.host === '0.0.0.0' ? ' (every interface)' : ''}`;
}

/** The demo sign-ins with their password: the start banner's, and `npm run cluster`'s. */
export function demoSignInBanner(): string[] {
  return [`Demo sign-ins (password "${DEMO_PASSWORD}"):`, ...demoSignInLines()];
}

/** `  org_admin (Acme Corp)  owner@acme.example.com`: each account's role and where it works, as the README's table. */
function demoSignInLines(): string[] {
  const rows = demoSignIns.map((email) => {
    const user = demoUsers.find((candidate) => candidate.email === email);
    if (!user) throw new Error(`demo sign-in ${email} is not a demo user`);
    const advised = demoAssignments
      .filter((assignment) => assignment.advisor === email && assignment.isActive)
      .map((assignment) => assignment.organization);
    const where = user.role === 'admin' ? 'platform' : user.role === 'advisor' ? advised.join(', ') : user.organization;
    return { who: `${user.role} (${where})`, email };
  });
  const width = Math.max(...rows.map((row) => row.who.length));
  return rows.map(({ who, email }) => `  ${who.padEnd(width)}  ${email}`);
}
