// The release this tree is and the commit it was built from, worked out once at build time (the server's bundle,
// the web client's `kit.version.name`, the image's labels) and, when the server runs from its TypeScript, at start.
//
//   version: the product's semver, from the root package.json (one version for every package of the workspace)
//   commit:  RAZZIA_COMMIT if set (the image's build, where .git is not copied in), else git's HEAD, else 'unknown'
//   name:    `<version>+<first 7 of the commit>` (semver's build metadata): what an open tab compares with the server's

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);

/** @returns {{ version: string, commit: string, name: string }} */
export function release() {
  const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  let commit = process.env.RAZZIA_COMMIT?.trim() || '';
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      commit = 'unknown';
    }
  }
  if (!/^[0-9a-f]{7,40}$/.test(commit)) commit = 'unknown';
  return { version, commit, name: `${version}+${commit === 'unknown' ? 'unknown' : commit.slice(0, 7)}` };
}
