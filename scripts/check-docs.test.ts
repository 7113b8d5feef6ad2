import { describe, expect, it } from 'vitest';
import { checkMarkdown, repositoryOf } from './check-docs.js';

const repository = repositoryOf([
  'README.md',
  'package.json',
  'apps/server/src/lib/tenancy.ts',
  'apps/server/src/modules/tickets/policy.ts',
  'apps/server/src/modules/users/policy.ts',
  'apps/web/src/components/Panel.tsx',
  'docs/decisions/0001-registration-returns-no-token.md',
  'docs/decisions/README.md',
  'apps/web/e2e/defects-25.spec.ts',
]);

const problemsOf = (text: string, file = 'docs/notes.md') =>
  checkMarkdown(file, text, repository).map(({ line, problem }) => `${line}: ${problem}`);

describe('check:docs', () => {
  it('passes paths that exist, from the root or as the end of a path, and names the ones that do not', () => {
    const sample = [
      'Tenancy is `apps/server/src/lib/tenancy.ts` (`lib/tenancy.ts`), shown by `components/Panel`;',
      'see `package.json` and `docs/decisions/0001-registration-returns-no-token.md`.',
      'Gone: `apps/server/src/lib/tenancy-rules.ts` and `lib/audience.ts`.',
    ].join('\n');
    expect(problemsOf(sample)).toEqual([
      '3: `apps/server/src/lib/tenancy-rules.ts` is not in the repository',
      '3: `lib/audience.ts` is not in the repository',
    ]);
  });

  it('takes placeholders, globs and alternatives as standing for what exists', () => {
    const sample = [
      'Each `apps/server/src/modules/<m>/policy.ts`, `modules/*/policy.ts`, `modules/{users,tickets}/policy.ts`,',
      'a decision `docs/decisions/NNNN-<short-title>.md`; but `modules/{users,projects}/policy.ts` misses one.',
    ].join('\n');
    expect(problemsOf(sample)).toEqual(['2: `modules/{users,projects}/policy.ts` is not in the repository']);
  });

  it('leaves alone what is not a repository path: routes, URLs, packages, build output, fenced code', () => {
    const sample = [
      '`GET /api/tickets/{id}`, `/dashboard/tasks`, `http://localhost:3000`, `@mantine/core`, `ical.js`,',
      '`apps/web/dist`, `invite.ics`, `DATA_DIR/mail`, `text/calendar`, `UI_TEXT.notFound`, `.json`',
      '```',
      'apps/server/src/lib/gone.ts  `lib/gone.ts`',
      '```',
    ].join('\n');
    expect(problemsOf(sample)).toEqual([]);
  });

  it('checks relative links from the file that holds them', () => {
    const sample = '[decisions](README.md), [one](0001-registration-returns-no-token.md), [gone](0002-gone.md)';
    expect(problemsOf(sample, 'docs/decisions/INDEX.md')).toEqual([
      '1: the link (0002-gone.md) leads nowhere in the repository',
    ]);
  });

  it('names citations of documents outside the repository, not words that merely look like them', () => {
    const sample = [
      'Asked for in issue 37, as the spec says (section 4); see design.md.',
      'The `defects-25.spec.ts` file and [a decision](0001-registration-returns-no-token.md) on a session of 45 minutes (RFC 5545 §3.8.4.7).',
      '```',
      'request → handler (issue 12)',
      '```',
    ].join('\n');
    expect(problemsOf(sample, 'docs/decisions/x.md').map((problem) => problem.replace(/ \(".*/, ''))).toEqual([
      '1: cites an issue number',
      '1: cites a design note',
      '1: cites the spec',
      '1: cites a section number of an outside document',
      '4: cites an issue number',
    ]);
  });
});
