/**
 * The first step of `npm test`, before anything is built: the browser tests need Chromium at
 * CHROME_PATH (default Debian's /usr/bin/chromium). When it is missing, root on a Debian system
 * (CI, a fresh container) gets Debian's `chromium` installed here with apt-get; anyone else is told
 * the one command to run, and the run stops.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chromiumPath, DEBIAN_CHROMIUM_PATH } from './support/chromium.js';

const INSTALL_COMMAND = 'sudo apt-get install -y chromium';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasAptGet(): boolean {
  return spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

function aptGet(...args: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return spawnSync('apt-get', ['-q', ...args], { stdio: 'inherit', env }).status === 0;
}

function installDebianChromium(): boolean {
  console.log(`Chromium is missing at ${chromiumPath}: installing Debian's chromium (apt-get).`);
  return aptGet('update') && aptGet('install', '-y', '--no-install-recommends', 'chromium');
}

function stop(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

if (!isExecutable(chromiumPath)) {
  const customPath = chromiumPath !== DEBIAN_CHROMIUM_PATH;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && hasAptGet()) {
    if (!installDebianChromium()) stop(`Installing Debian's chromium failed (above). The browser tests need it.`);
    if (!isExecutable(chromiumPath)) {
      stop(
        customPath
          ? `Debian's chromium is now at ${DEBIAN_CHROMIUM_PATH}, but CHROME_PATH names ${chromiumPath}, which is ` +
              'not an executable file. Unset CHROME_PATH, or point it at a Chromium.'
          : `apt-get installed Debian's chromium, yet ${chromiumPath} is still not an executable file.`,
      );
    }
  } else if (customPath) {
    stop(
      `The browser tests need Chromium: CHROME_PATH names ${chromiumPath}, which is not an executable file. ` +
        `Unset CHROME_PATH to use Debian's (${INSTALL_COMMAND}), or point it at a Chromium.`,
    );
  } else if (hasAptGet()) {
    stop(
      `The browser tests need Chromium at ${DEBIAN_CHROMIUM_PATH}. Install it, then run npm test again:\n\n  ${INSTALL_COMMAND}`,
    );
  } else {
    stop(
      `The browser tests need Chromium at ${DEBIAN_CHROMIUM_PATH}. Install Chromium with your system's package ` +
        'manager, then run npm test again with CHROME_PATH set to its executable if it is elsewhere.',
    );
  }
}
