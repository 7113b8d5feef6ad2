import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildStale, PACKAGES } from './build-stale.mjs';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'smart-build-stale-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes a file under the temporary root, dated `secondsAgo` before now. */
function write(file: string, secondsAgo = 0, text = 'x') {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  const at = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, at, at);
}

/** A package whose build (a real process) appends its name to builds.log and writes its output. */
function fakePackage(name: string, sources: string[], exitCode = 0): BuiltPackage {
  const output = `${name}/dist/out.txt`;
  const script = `const fs=require('fs');fs.appendFileSync('builds.log','${name}\\n');fs.mkdirSync('${name}/dist',{recursive:true});fs.writeFileSync('${output}','built');process.exit(${exitCode})`;
  return { name, output, sources, command: [process.execPath, '-e', script] };
}

const builds = () =>
  existsSync(path.join(root, 'builds.log')) ? readFileSync(path.join(root, 'builds.log'), 'utf8') : '';
/** Moves every file under the root a minute back, as if the last run were long ago. */
function aMinuteLater(dir = root) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) aMinuteLater(full);
    else {
      const at = new Date(statSync(full).mtimeMs - 60_000);
      utimesSync(full, at, at);
    }
  }
}

/** A start: builds what is stale, and time goes on (edits after it are newer than its builds). */
function run(packages: BuiltPackage[]) {
  const built = buildStale({ root, packages, sharedSources: ['lock.json'], log: () => {} });
  aMinuteLater();
  return built;
}

describe('npm start builds only what is stale', () => {
  it('builds a package whose output is missing, then not again while nothing changed', () => {
    write('lock.json', 60);
    write('a/src/index.ts', 60);
    const a = fakePackage('a', ['a/src']);
    expect(run([a])).toEqual(['a']);
    expect(run([a])).toEqual([]);
    expect(builds()).toBe('a\n');
  });

  it('rebuilds only the package one of whose sources is newer than its output', () => {
    write('lock.json', 60);
    write('a/src/index.ts', 60);
    write('b/src/index.ts', 60);
    const [a, b] = [fakePackage('a', ['a/src']), fakePackage('b', ['b/src'])];
    run([a, b]);
    write('b/src/deep/page.tsx');
    expect(run([a, b])).toEqual(['b']);
    // A test beside the sources is no source.
    write('a/src/index.test.ts');
    expect(run([a, b])).toEqual([]);
  });

  it('rebuilds every package when the lockfile changes, and the readers of a changed shared source', () => {
    write('lock.json', 60);
    write('shared/src/index.ts', 60);
    write('a/src/index.ts', 60);
    write('b/src/index.ts', 60);
    const packages = [
      fakePackage('shared', ['shared/src']),
      fakePackage('a', ['shared/src', 'a/src']),
      fakePackage('b', ['b/src']),
    ];
    run(packages);
    write('shared/src/index.ts');
    expect(run(packages)).toEqual(['shared', 'a']);
    write('lock.json');
    expect(run(packages)).toEqual(['shared', 'a', 'b']);
  });

  it('stops at a failed build and builds it again next time', () => {
    write('lock.json', 60);
    write('a/src/index.ts', 60);
    const failing = fakePackage('a', ['a/src'], 1);
    expect(() => buildStale({ root, packages: [failing], sharedSources: ['lock.json'], log: () => {} })).toThrow(
      /a: the build failed/,
    );
    expect(() => buildStale({ root, packages: [failing], sharedSources: ['lock.json'], log: () => {} })).toThrow(
      /a: the build failed/,
    );
    expect(builds()).toBe('a\na\n');
  });

  it("lists each package's build output and the sources of the real workspaces", () => {
    const repo = path.resolve(import.meta.dirname, '..');
    for (const built of PACKAGES) {
      for (const source of built.sources) expect(existsSync(path.join(repo, source)), source).toBe(true);
    }
    expect(PACKAGES.map((built) => built.name)).toEqual(['@smart/contracts', '@smart/web', '@smart/server']);
  });
});
