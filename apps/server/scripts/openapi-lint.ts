import { spawn } from 'node:child_process';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
/** Where the document is written for the linter; `.redocly.lint-ignore.yaml` names problems by this path. */
export const OPENAPI_FILE = path.join(repositoryRoot, 'apps/server/dist/openapi.json');
const redoclyCli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

export interface LintRun {
  exitCode: number;
  /** The report, in the format asked for. */
  stdout: string;
  /** Notices (a Node.js version banner), kept apart so a JSON report stays parseable. */
  stderr: string;
}

/**
 * Writes the document and runs `redocly lint` on it with the project's redocly.yaml. Telemetry and
 * the update check are off: the linter never calls out (no network but npm's exists here).
 */
export async function lintOpenApiDocument(document: unknown, format: 'stylish' | 'json'): Promise<LintRun> {
  await mkdir(path.dirname(OPENAPI_FILE), { recursive: true });
  const partial = `${OPENAPI_FILE}.${process.pid}.partial`;
  await writeFile(partial, `${JSON.stringify(document, null, 2)}\n`);
  await rename(partial, OPENAPI_FILE);
  const args = [redoclyCli, 'lint', OPENAPI_FILE, '--config', 'redocly.yaml', '--format', format];
  const child = spawn(process.execPath, args, {
    cwd: repositoryRoot,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code ?? 1));
  });
  return { exitCode, stdout: stdout.join(''), stderr: stderr.join('') };
}
