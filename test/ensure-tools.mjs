// The `pretest` check: the system tools the test suite needs (Debian Chromium for the browser
// project and packed-package page tests, xmllint for the XSD checks, iso-codes for the code-list
// test), installed via apt when
// running as root, otherwise named with the exact command to run. TOOLCHAIN.md "Chromium".

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each tool: how to tell it is present and which Debian package provides it. */
const tools = [
  { name: 'chromium', path: '/usr/bin/chromium', debianPackage: 'chromium' },
  { name: 'xmllint', path: '/usr/bin/xmllint', debianPackage: 'libxml2-utils' },
  // The ISO 639 / ISO 3166 lists test/language-codes.node.test.ts checks src/values/language-codes.ts against.
  { name: 'iso-codes', path: '/usr/share/iso-codes/json/iso_639-3.json', debianPackage: 'iso-codes' },
];

const missing = tools.filter((tool) => !existsSync(tool.path));
if (missing.length === 0) {
  console.log(`ensure-tools: found ${tools.map((tool) => tool.path).join(', ')}`);
  process.exit(0);
}

const packages = missing.map((tool) => tool.debianPackage);
const installCommand = `apt-get update && apt-get install -y ${packages.join(' ')}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`ensure-tools: missing ${missing.map((tool) => tool.path).join(', ')}.`);
  console.error(`Install with:\n  sudo sh -c '${installCommand}'`);
  process.exit(1);
}

// One apt command at a time: two at once fight over the dpkg lock.
console.log(`ensure-tools: missing ${missing.map((tool) => tool.path).join(', ')}; running: ${installCommand}`);
const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update'], { stdio: 'inherit', env: environment });
execFileSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit', env: environment });

const stillMissing = missing.filter((tool) => !existsSync(tool.path));
if (stillMissing.length > 0) {
  console.error(`ensure-tools: apt-get finished but ${stillMissing.map((tool) => tool.path).join(', ')} is still missing`);
  process.exit(1);
}
console.log(`ensure-tools: installed ${packages.join(', ')}`);
