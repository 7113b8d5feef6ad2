/**
 * `npm run check:docs` (part of `npm run check`): the repository's Markdown stands alone.
 * - A backticked repository path names a file or folder that exists (see `pathIn` for what counts as
 *   one), and so does a relative Markdown link.
 * - Nothing cites a document a newcomer cannot open: an issue number, the spec or a section of it, a
 *   design note, a work session (`OUTSIDE_CITATIONS`). Cite the README, ARCHITECTURE.md or a decision.
 * Prints each finding as `file:line: problem` and exits 1 when there is any.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Finding {
  file: string;
  line: number;
  problem: string;
}

/** What the repository holds: every file (tracked or new, not ignored) and every folder above one. */
export interface Repository {
  paths: string[];
  topLevel: Set<string>;
  folderNames: Set<string>;
}

export function repositoryOf(files: string[]): Repository {
  const paths = new Set<string>();
  const topLevel = new Set<string>();
  const folderNames = new Set<string>();
  for (const file of files) {
    paths.add(file);
    const parts = file.split('/');
    topLevel.add(parts[0] ?? file);
    for (let end = 1; end < parts.length; end++) {
      paths.add(parts.slice(0, end).join('/'));
      folderNames.add(parts[end - 1] ?? '');
    }
  }
  return { paths: [...paths], topLevel, folderNames };
}

/** Extensions that make a backticked name a file of this repository (not a package, a MIME type, a URL). */
const FILE_EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|json|md|yaml|yml|sql|sh|css)$/;

/** Folders that builds, runs and installs write: named in docs, never in the repository. */
const GENERATED = new Set(['dist', 'node_modules', 'test-results', 'playwright-report', 'data', '.tmp']);

/**
 * Placeholders a path may hold, each standing for one or more path characters: `<domain>`, `{id}`,
 * `*`, and `NNNN` (a decision's number); `**` crosses folders.
 */
function pathPattern(text: string): RegExp {
  let source = '';
  for (let at = 0; at < text.length; ) {
    const rest = text.slice(at);
    const placeholder = /^(<[^>/]+>|\{[^},/]+\}|NNNN)/.exec(rest);
    if (rest.startsWith('**')) {
      source += '.*';
      at += 2;
    } else if (rest.startsWith('*')) {
      source += '[^/]*';
      at += 1;
    } else if (placeholder) {
      source += '[^/]+';
      at += placeholder[0].length;
    } else {
      source += (text[at] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      at += 1;
    }
  }
  return new RegExp(`^${source}$`);
}

/**
 * The repository path a backticked span names, or undefined when it names none. A path has no
 * spaces, is no URL, route (`/api/...`), e-mail or package (`@scope/name`), and either starts with
 * a top-level entry of the repository (`apps/`, `docs/`, `package.json`: checked from the root), or
 * is relative — a slash and a file extension, a trailing slash, or a first folder the repository
 * has somewhere (`lib/tenancy.ts`, `modules/tickets`) — or is a bare file name with an extension
 * (`policy.ts`): those are found anywhere in the repository (as a path's end). Build output
 * (`dist/`, `test-results/`, …) and elided paths (`…/x`) are not checked.
 */
export function pathIn(span: string, repository: Repository): { path: string; anchored: boolean } | undefined {
  let text = span.replace(/(:\d+)+$/, '').replace(/#.*$/, '');
  if (!text || /\s|:\/\/|[=()'"?&|;,…@$~]/.test(text.replace(/\{[^}]*\}/g, '{}'))) return undefined;
  if (/^[/@\-\\]/.test(text) || text.includes('..')) return undefined;
  text = text.replace(/^\.\//, '');
  const parts = text.split('/').filter(Boolean);
  const first = parts[0] ?? '';
  if (parts.some((part) => GENERATED.has(part))) return undefined;
  if (repository.topLevel.has(first) && (parts.length > 1 || FILE_EXTENSIONS.test(first))) {
    return { path: parts.join('/'), anchored: true };
  }
  const last = parts.at(-1) ?? '';
  // A name before the extension (`.json` alone is a kind of file), and one of ours (`invite.ics`,
  // `dashboard/index.html` are what the app writes).
  const extension = /^[^.]+(\.\w+)+$/.exec(last)?.[1];
  if (extension && !FILE_EXTENSIONS.test(extension) && extension !== '.js') return undefined;
  if (/^\.\w+$/.test(text)) return undefined;
  const hasSlash = text.includes('/');
  const looksLikeFile = extension !== undefined;
  if (hasSlash && (looksLikeFile || text.endsWith('/') || repository.folderNames.has(first))) {
    return { path: parts.join('/'), anchored: false };
  }
  if (!hasSlash && FILE_EXTENSIONS.test(text)) return { path: text, anchored: false };
  return undefined;
}

/** `modules/{users,teams}/policy.ts` → `modules/users/policy.ts`, `modules/teams/policy.ts`. */
function expandAlternatives(text: string): string[] {
  const alternatives = /\{([^}/]+,[^}/]+)\}/.exec(text);
  if (!alternatives?.[1]) return [text];
  const before = text.slice(0, alternatives.index);
  const after = text.slice(alternatives.index + alternatives[0].length);
  return alternatives[1].split(',').flatMap((word) => expandAlternatives(`${before}${word}${after}`));
}

/**
 * Whether a path exists (each of its `{a,b}` alternatives): from the root when anchored, else as the
 * end of some path.
 */
export function exists(target: { path: string; anchored: boolean }, repository: Repository): boolean {
  return expandAlternatives(target.path).every((one) => existsOne(one, target.anchored, repository));
}

function existsOne(named: string, anchored: boolean, repository: Repository): boolean {
  // ESM imports name a TypeScript file by its `.js` output: `cpu-worker.js` is `cpu-worker.ts`.
  const candidates = /\.js$/.test(named)
    ? [named, named.replace(/\.js$/, '.ts'), named.replace(/\.js$/, '.tsx')]
    : [named];
  return candidates.some((candidate) => {
    // A module named without its extension (`components/Panel`) is its file (`Panel.tsx`).
    const source = `${pathPattern(candidate).source.slice(1, -1)}(?:\\.\\w+)?$`;
    const pattern = new RegExp(`^${source}`);
    const endPattern = new RegExp(`(?:^|/)${source}`);
    return repository.paths.some((known) => (anchored ? pattern : endPattern).test(known));
  });
}

/**
 * Citations of what lives outside the repository, as they read in prose (inline code and link
 * targets are names, not prose: `defects-25.spec.ts` is a file).
 */
export const OUTSIDE_CITATIONS: { pattern: RegExp; what: string }[] = [
  { pattern: /\bissues? #?\d+/i, what: 'an issue number' },
  { pattern: /\bdesign\.md\b|\bdesign (?:notes?|docs?|documents?)\b/i, what: 'a design note' },
  { pattern: /(?<![.\w-])spec(?:ification)?(?:'s)?\b(?![.-]\w)/i, what: 'the spec' },
  // A public standard's sections may be cited: "RFC 5545 §3.8.4.7".
  { pattern: /(?<!RFC \d+,? )(?:\bsections? \d|§)/i, what: 'a section number of an outside document' },
  { pattern: /\bsession \d+\b/i, what: 'a work session' },
  { pattern: /\bstop \d+\b/i, what: 'a stop of a walkthrough' },
];

/** The prose of a line: inline code and link targets taken out. */
function proseOf(line: string): string {
  return line.replace(/`[^`]*`/g, '``').replace(/\]\([^)]*\)/g, ']()');
}

/** The findings of one Markdown file. `file` is its path from the repository's root. */
export function checkMarkdown(file: string, text: string, repository: Repository): Finding[] {
  const findings: Finding[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, index) => {
    const lineNumber = index + 1;
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1];
    if (fenceMark && (!fence || fence === fenceMark)) {
      fence = fence ? undefined : fenceMark;
      return;
    }
    // A fenced block is code or a drawing: its paths are not checked, its words are.
    for (const match of fence ? [] : line.matchAll(/`([^`]+)`/g)) {
      const target = pathIn(match[1] ?? '', repository);
      if (target && !exists(target, repository)) {
        findings.push({ file, line: lineNumber, problem: `\`${match[1]}\` is not in the repository` });
      }
    }
    for (const match of fence ? [] : line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = (match[1] ?? '').replace(/#.*$/, '');
      if (!link || /^[a-z]+:/i.test(link)) continue;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(link)));
      if (!repository.paths.includes(resolved.replace(/\/$/, ''))) {
        findings.push({ file, line: lineNumber, problem: `the link (${match[1]}) leads nowhere in the repository` });
      }
    }
    const prose = proseOf(line);
    for (const { pattern, what } of OUTSIDE_CITATIONS) {
      const cited = pattern.exec(prose);
      if (cited) {
        findings.push({
          file,
          line: lineNumber,
          problem: `cites ${what} ("${cited[0]}"): cite the README, ARCHITECTURE.md or docs/decisions instead`,
        });
      }
    }
  });
  return findings;
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean)
    .filter((file) => existsSync(path.join(root, file))); // not one deleted but still in the index
  const repository = repositoryOf(files);
  const markdown = files.filter((file) => file.endsWith('.md') && !file.split('/').includes('node_modules'));
  const findings = markdown.flatMap((file) =>
    checkMarkdown(file, readFileSync(path.join(root, file), 'utf8'), repository),
  );
  for (const finding of findings) console.log(`${finding.file}:${finding.line}: ${finding.problem}`);
  if (findings.length > 0) {
    console.error(`check:docs: ${findings.length} problems in ${markdown.length} Markdown files`);
    process.exit(1);
  }
  console.log(`check:docs: ${markdown.length} Markdown files, every path exists, no outside citation`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
