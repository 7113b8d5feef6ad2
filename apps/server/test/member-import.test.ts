import {
  availableSeats,
  exportEndpoints,
  importColumnTwiceMessage,
  importCsvSyntaxMessage,
  importEmailRepeatedMessage,
  importEndpoints,
  importMissingColumnsMessage,
  importSeatLimitMessage,
  MEMBER_IMPORT_MAX_BYTES,
  MEMBER_IMPORT_MAX_ROWS,
  MEMBER_IMPORT_TEMPLATE,
  type MemberImportReport,
  passwordResetEndpoints,
  pathOf,
  queryStringOf,
  sessionEndpoints,
  UI_TEXT,
  userEndpoints,
  WELCOME_LINK_TTL_DAYS,
} from '@smart/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { auditEvents, users } from '../src/db/schema/index.js';
import { NO_PASSWORD } from '../src/lib/passwords.js';
import { WELCOME_MAIL_QUEUE } from '../src/modules/password-reset/service.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, settingsManagers } from './helpers/authz-matrix.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { readMailbox, resetLinkIn, waitForMail } from './helpers/mailbox.js';
import { multipartBody, TINY_PNG } from './helpers/multipart.js';
import { waitFor } from './helpers/wait-for.js';

/**
 * Members imported from CSV: a preview with every row's problems in the add-member
 * form's order, then every row in one transaction or none, within the subscription's seats, each
 * member in the audit log and welcomed by one e-mail with a link to choose its password.
 */
const test = apiTest({ demoData: false });

const HEADER = MEMBER_IMPORT_TEMPLATE.trimEnd();
// Multipart routes: sent by hand (a typed call sends JSON), to their definitions' paths.
const PREVIEW = pathOf(importEndpoints.previewMembers);
const IMPORT = pathOf(importEndpoints.importMembers);

/** A CSV file of these lines (CRLF, as spreadsheets write them). */
const csvFile = (...lines: string[]) => Buffer.from(lines.map((line) => `${line}\r\n`).join(''));

let sequence = 0;
/** An address no other test uses. */
const freshEmail = (name = 'person') => {
  sequence += 1;
  return `${name}.${sequence}.${Math.random().toString(36).slice(2, 7)}@import.example.com`;
};

/** The request sending `file` (multipart field "file") to a route, naming an organization when given. */
function fileRequest(url: string, file: Buffer, organizationId?: string, filename = 'members.csv') {
  const { body, contentType } = multipartBody('file', filename, file, 'text/csv');
  return {
    method: 'POST' as const,
    url: url + queryStringOf({ organizationId }),
    payload: body,
    headers: { 'content-type': contentType },
  };
}

const send = (t: TestApp, url: string, who: Member, file: Buffer, organizationId?: string) =>
  t.request({ ...fileRequest(url, file, organizationId), token: who.token });

async function reportOf(t: TestApp, url: string, who: Member, file: Buffer, status: number, organizationId?: string) {
  const response = await send(t, url, who, file, organizationId);
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  return (body.data ?? body.report) as MemberImportReport;
}

async function membersOf(t: TestApp, organizationId: string) {
  const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.organizationId, organizationId));
  return row?.n ?? 0;
}

/** The members the importer added, by the audit log (the factories' own additions are another actor's). */
async function auditLinesOf(t: TestApp, organizationId: string, importer: { id: string }) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.organizationId, organizationId),
        eq(auditEvents.action, 'member.added'),
        eq(auditEvents.actorId, importer.id),
      ),
    );
}

/** An organization of its own with its org_admin, so each test counts its own members and seats. */
async function freshOrganization(make: Factories, seats?: number) {
  const organization = await make.organization(seats === undefined ? {} : { seats });
  const owner = await make.member(organization.id, { role: 'org_admin', firstName: 'Olga', lastName: 'Owner' });
  return { organization, owner };
}

describe('preview', () => {
  test('a valid file: every row without problems, the counts and seats, and nothing written', async ({ t, make }) => {
    const { organization, owner } = await freshOrganization(make);
    await make.department(organization.id, { name: 'Finance' });
    const [ada, grace] = [freshEmail('ada'), freshEmail('grace')];
    const before = await membersOf(t, organization.id);
    const report = await reportOf(
      t,
      PREVIEW,
      owner,
      csvFile(
        HEADER,
        `Ada,Lovelace,${ada.toUpperCase()},Analyst,finance,+44 20 7946 0000,`,
        `Grace,Hopper,${grace},,,,org_admin`,
      ),
      200,
    );
    expect(report).toMatchObject({
      organizationId: organization.id,
      organizationName: organization.name,
      imported: false,
      summary: { rows: 2, valid: 2, invalid: 0, seatsAvailable: availableSeats(organization.seats, before) },
      refusal: null,
    });
    expect(report.rows).toEqual([
      {
        row: 2,
        values: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: ada.toUpperCase(),
          jobTitle: 'Analyst',
          department: 'finance',
          phone: '+44 20 7946 0000',
          role: '',
        },
        problems: [],
        memberId: null,
      },
      expect.objectContaining({ row: 3, problems: [], memberId: null }),
    ]);
    expect(await membersOf(t, organization.id)).toBe(before);
    expect(await auditLinesOf(t, organization.id, owner)).toHaveLength(0);
  });

  test("headers in any case, with spaces, underscores or hyphens, in any order; other columns ignored; a row's missing cells empty", async ({
    t,
    make,
  }) => {
    const { owner } = await freshOrganization(make);
    const email = freshEmail();
    const report = await reportOf(
      t,
      PREVIEW,
      owner,
      csvFile('Notes,E-MAIL,last_name,FIRST NAME,job-title', `hello,${email},Lee,Dana`),
      200,
    );
    expect(report.rows[0]).toMatchObject({
      values: { firstName: 'Dana', lastName: 'Lee', email, jobTitle: '', department: '', phone: '', role: '' },
      problems: [],
    });
  });
  test('a file exported from Team Members imports as it was: the phone its export wrote as text reads back', async ({
    t,
    make,
  }) => {
    const { organization, owner } = await freshOrganization(make);
    const phoned = await make.member(organization.id, { firstName: 'Pia', lastName: 'Phone', jobTitle: 'Buyer' });
    await t.database.db.update(users).set({ phone: '+1 (312) 555-0144' }).where(eq(users.id, phoned.id));
    const exported = await t.call(exportEndpoints.members, { token: owner.token });
    expect(exported.status).toBe(200);
    expect(exported.response.body).toContain("'+1 (312) 555-0144");
    // The same people as new accounts in another organization: only their addresses change.
    const { owner: otherOwner } = await freshOrganization(make);
    const file = exported.response.body.replace(/[\w.+-]+@factory\.example\.com/g, () => freshEmail());
    const report = await reportOf(t, PREVIEW, otherOwner, Buffer.from(file), 200);
    expect(report.summary).toMatchObject({ rows: 2, invalid: 0 });
    expect(report.rows.find((row) => row.values.lastName === 'Phone')?.values).toMatchObject({
      phone: '+1 (312) 555-0144',
      jobTitle: 'Buyer',
    });
  });
});

describe("a file's problems", () => {
  test('each row lists its problems in the form order, and the import refuses the file, writing nothing', async ({
    t,
    make,
  }) => {
    const { organization, owner } = await freshOrganization(make);
    const good = freshEmail('good');
    const file = csvFile(
      HEADER,
      ',,not-an-email,Analyst,Nowhere,call me,boss',
      `Ada,,,${'x'.repeat(201)},,,`,
      `Grace,Hopper,${good},,,,user`,
    );
    const expected = [
      [
        { field: 'firstName', message: UI_TEXT.firstNameRequired },
        { field: 'lastName', message: UI_TEXT.lastNameRequired },
        { field: 'email', message: UI_TEXT.emailInvalid },
        { field: 'department', message: UI_TEXT.departmentNotFound },
        { field: 'phone', message: UI_TEXT.phoneInvalid },
        { field: 'role', message: UI_TEXT.importRoleUnknown },
      ],
      [
        { field: 'lastName', message: UI_TEXT.lastNameRequired },
        { field: 'email', message: UI_TEXT.emailRequired },
        { field: 'jobTitle', message: 'Must be at most 200 characters' },
      ],
      [],
    ];
    const preview = await reportOf(t, PREVIEW, owner, file, 200);
    expect(preview.rows.map((row) => row.problems)).toEqual(expected);
    expect(preview.summary).toMatchObject({ rows: 3, valid: 1, invalid: 2 });
    expect(preview.refusal).toBe(UI_TEXT.importHasProblems);

    const before = await membersOf(t, organization.id);
    const response = await send(t, IMPORT, owner, file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: UI_TEXT.importHasProblems, code: 'BAD_REQUEST' });
    const refused = response.json().report as MemberImportReport;
    expect(refused.imported).toBe(false);
    expect(refused.rows.map((row) => row.problems)).toEqual(expected);
    expect(await membersOf(t, organization.id)).toBe(before);
    expect(await t.database.db.select().from(users).where(eq(users.email, good))).toHaveLength(0);
    expect(await auditLinesOf(t, organization.id, owner)).toHaveLength(0);
  });

  test('an e-mail twice in the file (any case) names the earlier row; an account’s e-mail is taken', async ({
    t,
    make,
  }) => {
    const { owner } = await freshOrganization(make);
    const twice = freshEmail('twice');
    const elsewhere = await make.member((await make.organization()).id);
    const report = await reportOf(
      t,
      PREVIEW,
      owner,
      csvFile(
        HEADER,
        `Ada,One,${twice}`,
        `Ada,Two,${twice.toUpperCase()}`,
        `Olga,Again,${owner.email}`,
        `Nina,Else,${elsewhere.email}`,
      ),
      200,
    );
    expect(report.rows.map((row) => row.problems)).toEqual([
      [],
      [{ field: 'email', message: importEmailRepeatedMessage(2) }],
      [{ field: 'email', message: UI_TEXT.emailTaken }],
      [{ field: 'email', message: UI_TEXT.emailTaken }],
    ]);
  });

  test('roles: only those the importer could register, fitting the organization; labels and any case accepted', async ({
    t,
    make,
    cast,
  }) => {
    const { organization, owner } = await freshOrganization(make);
    const roles = ['admin', 'advisor', 'Organization Admin', 'ORG_ADMIN', 'User', ''];
    const file = csvFile(HEADER, ...roles.map((role) => `Pat,Doe,${freshEmail()},,,,${role}`));
    const asOwner = await reportOf(t, PREVIEW, owner, file, 200);
    expect(asOwner.rows.map((row) => row.problems)).toEqual([
      [{ field: 'role', message: UI_TEXT.roleNotAllowed }],
      [{ field: 'role', message: UI_TEXT.roleNotAllowed }],
      [],
      [],
      [],
      [],
    ]);
    // An admin may give any role, but staff belong to the platform organization only.
    const asAdmin = await reportOf(t, PREVIEW, cast.admin, file, 200, organization.id);
    expect(asAdmin.rows.map((row) => row.problems)).toEqual([
      [{ field: 'role', message: UI_TEXT.staffBelongToPlatform }],
      [{ field: 'role', message: UI_TEXT.staffBelongToPlatform }],
      [],
      [],
      [],
      [],
    ]);
  });

  test('the seats: a file with more members than seats left is refused whole, with the message', async ({
    t,
    make,
  }) => {
    // Three seats (the organization's own, not the plan's): the owner and another active member
    // take two; a deactivated member takes none.
    const { organization, owner } = await freshOrganization(make, 3);
    await make.member(organization.id);
    await t.database.db.insert(users).values({
      email: freshEmail('gone'),
      passwordHash: NO_PASSWORD,
      organizationId: organization.id,
      isActive: false,
    });
    const file = csvFile(HEADER, `Ada,One,${freshEmail()}`, `Ada,Two,${freshEmail()}`);
    const preview = await reportOf(t, PREVIEW, owner, file, 200);
    expect(preview.summary).toMatchObject({ valid: 2, invalid: 0, seatsAvailable: 1 });
    expect(preview.refusal).toBe(importSeatLimitMessage(2, 1));

    const before = await membersOf(t, organization.id);
    const response = await send(t, IMPORT, owner, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(importSeatLimitMessage(2, 1));
    expect(await membersOf(t, organization.id)).toBe(before);

    // One member fits.
    const one = await reportOf(t, IMPORT, owner, csvFile(HEADER, `Ada,One,${freshEmail()}`), 201);
    expect(one.imported).toBe(true);
    expect(await membersOf(t, organization.id)).toBe(before + 1);
  });
});

describe('the import', () => {
  test('adds every row in one transaction: members, their audit lines, one welcome e-mail each', async ({
    t,
    make,
  }) => {
    const { organization, owner } = await freshOrganization(make);
    const sales = await make.department(organization.id, { name: 'Sales, EMEA' });
    const [ada, grace] = [freshEmail('ada'), freshEmail('grace')];
    const before = await membersOf(t, organization.id);
    const report = await reportOf(
      t,
      IMPORT,
      owner,
      csvFile(
        HEADER,
        `Ada,Lovelace,${ada},"Head of Sales, EMEA","sales, emea",+1 555 0100,`,
        `Grace,"Hopper ""Amazing""",${grace},"Rear Admiral, ""retd.""",,,Organization Admin`,
      ),
      201,
    );
    expect(report.imported).toBe(true);
    expect(report.refusal).toBeNull();
    expect(report.rows.every((row) => row.memberId)).toBe(true);
    expect(await membersOf(t, organization.id)).toBe(before + 2);

    const added = await t.database.db
      .select()
      .from(users)
      .where(inArray(users.email, [ada, grace]))
      .orderBy(users.email);
    expect(added.map((user) => [user.email, user.firstName, user.lastName, user.jobTitle, user.role])).toEqual([
      [ada, 'Ada', 'Lovelace', 'Head of Sales, EMEA', 'user'],
      [grace, 'Grace', 'Hopper "Amazing"', 'Rear Admiral, "retd."', 'org_admin'],
    ]);
    expect(added.map((user) => user.id).sort()).toEqual(report.rows.map((row) => row.memberId).sort());
    expect(added[0]).toMatchObject({ departmentId: sales.id, phone: '+1 555 0100', isActive: true });
    expect(added.every((user) => user.passwordHash === NO_PASSWORD)).toBe(true);
    // One transaction: its rows share its start time.
    expect(new Set(added.map((user) => user.createdAt.getTime())).size).toBe(1);

    const lines = await auditLinesOf(t, organization.id, owner);
    expect(
      lines.map((line) => [line.actorId, line.targetType, line.targetId, line.targetLabel, line.toValue]).sort(),
    ).toEqual(
      added
        .map((user) => [owner.id, 'member', user.id, `${user.firstName} ${user.lastName} (${user.email})`, user.role])
        .sort(),
    );

    // The members show in the organization's list.
    const list = await t.call(userEndpoints.listByOrganization, {
      params: { orgId: organization.id },
      query: { limit: 200 },
      token: owner.token,
    });
    expect(list.data.map((user: { email: string }) => user.email)).toEqual(expect.arrayContaining([ada, grace]));

    // No password signs in, until the welcome e-mail's link sets one.
    const signIn = (password: string) => t.call(sessionEndpoints.signIn, { body: { email: ada, password } });
    expect((await signIn(NO_PASSWORD)).status).toBe(401);
    const mailbox = t.app.config.mail.mailboxDir;
    const mail = await waitForMail(mailbox, ada);
    expect(mail.subject).toBe('Welcome to S.M.A.R.T.: choose your password');
    expect(mail.text).toContain(`Olga Owner added you to ${organization.name}`);
    expect(mail.text).toContain(`within ${WELCOME_LINK_TTL_DAYS} days`);
    await waitForMail(mailbox, grace);
    const { token } = resetLinkIn(mail);
    const reset = await t.call(passwordResetEndpoints.confirm, { body: { token, newPassword: 'chosen-password' } });
    expect(reset.status, reset.response.body).toBe(200);
    expect((await signIn('chosen-password')).status).toBe(200);

    // Exactly one welcome each, once no welcome job is left to run.
    await waitFor(
      async () => {
        const { rows } = await t.database.query(
          "select count(*)::int as n from pgboss.job where name = $1 and state not in ('completed', 'failed', 'cancelled')",
          [WELCOME_MAIL_QUEUE],
        );
        return rows[0]?.n === 0 ? true : undefined;
      },
      'the welcome jobs to finish',
      10_000,
    );
    const welcomes = (await readMailbox(mailbox)).filter((received) => received.subject.startsWith('Welcome'));
    expect(welcomes.filter((received) => received.to === ada)).toHaveLength(1);
    expect(welcomes.filter((received) => received.to === grace)).toHaveLength(1);
  });

  test('an admin imports into the organization it names; without one, 400', async ({ t, make, cast }) => {
    const { organization } = await freshOrganization(make);
    const email = freshEmail();
    const report = await reportOf(
      t,
      IMPORT,
      cast.admin,
      csvFile(HEADER, `Ada,Lovelace,${email}`),
      201,
      organization.id,
    );
    expect(report.organizationId).toBe(organization.id);
    const [added] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(added?.organizationId).toBe(organization.id);

    const unnamed = await send(t, PREVIEW, cast.admin, csvFile(HEADER, `Ada,Lovelace,${freshEmail()}`));
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error).toBe(UI_TEXT.organizationRequired);
  });
});

describe('files that are not a member list', () => {
  const refusals: [string, () => Buffer, number, string][] = [
    ['an empty file', () => Buffer.alloc(0), 400, UI_TEXT.fileEmpty],
    ['a PNG', () => TINY_PNG, 400, UI_TEXT.importFileNotText],
    [
      'random bytes',
      () => Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 131 + 7) % 256)),
      400,
      UI_TEXT.importFileNotText,
    ],
    ['a NUL byte in a cell', () => csvFile(HEADER, 'Ada,Love\u0000lace,ada@example.com'), 400, UI_TEXT.nulCharacter],
    [
      'no Email column',
      () => csvFile('First name,Last name', 'Ada,Lovelace'),
      400,
      importMissingColumnsMessage(['Email']),
    ],
    [
      'no header row at all',
      () => csvFile('Ada,Lovelace,ada@example.com'),
      400,
      importMissingColumnsMessage(['First name', 'Last name', 'Email']),
    ],
    [
      'a column named twice',
      () => csvFile(`${HEADER},email`, 'Ada,Lovelace,ada@example.com'),
      400,
      importColumnTwiceMessage('Email'),
    ],
    ['a header row only', () => csvFile(HEADER, ',,,', ''), 400, UI_TEXT.importNoMembers],
    [
      'a quote never closed',
      () => csvFile(HEADER, 'Ada,Lovelace,ada@example.com', '"Grace,Hopper'),
      400,
      importCsvSyntaxMessage(3, 'unclosed-quote'),
    ],
    [
      `more than ${MEMBER_IMPORT_MAX_ROWS} members`,
      () =>
        csvFile(
          HEADER,
          ...Array.from({ length: MEMBER_IMPORT_MAX_ROWS + 1 }, (_, index) => `A,B,a${index}@example.com`),
        ),
      400,
      UI_TEXT.importTooManyRows,
    ],
    [
      'more than 1 MB',
      () => Buffer.concat([csvFile(HEADER), Buffer.alloc(MEMBER_IMPORT_MAX_BYTES, 'a')]),
      413,
      UI_TEXT.importFileTooLarge,
    ],
  ];

  for (const [what, file, status, message] of refusals) {
    test(`${what}: ${status}, on both routes, nothing written`, async ({ t, make }) => {
      const { organization, owner } = await freshOrganization(make);
      const before = await membersOf(t, organization.id);
      for (const url of [PREVIEW, IMPORT]) {
        const response = await send(t, url, owner, file());
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json()).toMatchObject({ success: false, error: message });
      }
      expect(await membersOf(t, organization.id)).toBe(before);
    });
  }

  test('a byte order mark and LF line ends are read as any CSV', async ({ t, make }) => {
    const { owner } = await freshOrganization(make);
    const email = freshEmail();
    const file = Buffer.from(`\uFEFF${HEADER}\nAda,Lovelace,${email}\n`);
    const report = await reportOf(t, PREVIEW, owner, file, 200);
    expect(report.rows).toEqual([expect.objectContaining({ row: 2, problems: [] })]);
  });

  test('no file, a file in another field, two files, or not multipart at all: 400 or 415', async ({ t, cast }) => {
    const owner = cast.orgAdmin;
    const json = await t.request({ method: 'POST', url: PREVIEW, token: owner.token, payload: { file: 'x' } });
    expect([400, 415]).toContain(json.statusCode);
    const otherField = multipartBody('upload', 'members.csv', csvFile(HEADER), 'text/csv');
    const wrong = await t.request({
      method: 'POST',
      url: PREVIEW,
      token: owner.token,
      payload: otherField.body,
      headers: { 'content-type': otherField.contentType },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(UI_TEXT.fileRequired);
    const junk = await t.request({
      method: 'POST',
      url: PREVIEW,
      token: owner.token,
      payload: 'not a multipart body',
      headers: { 'content-type': 'multipart/form-data; boundary=nothing' },
    });
    expect(junk.statusCode).toBe(400);
  });

  test('a cell of a megabyte is refused by its length, not a 500', async ({ t, make }) => {
    const { owner } = await freshOrganization(make);
    const long = 'x'.repeat(MEMBER_IMPORT_MAX_BYTES - 200);
    const report = await reportOf(t, PREVIEW, owner, csvFile(HEADER, `Ada,Lovelace,ada@example.com,,,,${long}`), 200);
    expect(report.rows[0]?.problems).toEqual([{ field: 'role', message: UI_TEXT.importRoleUnknown }]);
  });
});

/** Who may: the organization's member managers (its org_admin, admin); its user and advisor 403; others 404. */
authzMatrix('who may preview and import members', {
  test,
  arrange: async () => ({ email: freshEmail('matrix') }),
  routes: [
    {
      route: 'POST /api/imports/members/preview',
      request: ({ email }, cast) => fileRequest(PREVIEW, csvFile(HEADER, `Mat,Rix,${email}`), cast.organization.id),
      statuses: settingsManagers(200),
    },
    {
      route: 'POST /api/imports/members',
      request: ({ email }, cast) => fileRequest(IMPORT, csvFile(HEADER, `Mat,Rix,${email}`), cast.organization.id),
      statuses: settingsManagers(201),
    },
  ],
  errors: { 404: UI_TEXT.organizationNotFound },
  unchanged: async ({ email }, _cast, { t }) => {
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  },
});

describe('an org_admin names no organization', () => {
  test('and imports into its own', async ({ t, cast }) => {
    const email = freshEmail();
    const report = await reportOf(t, IMPORT, cast.orgAdmin, csvFile(HEADER, `Ada,Lovelace,${email}`), 201);
    expect(report.organizationId).toBe(cast.organization.id);
    const [row] = await t.database.db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(sql`${users.email} = ${email}`);
    expect(row?.organizationId).toBe(cast.organization.id);
  });
});
