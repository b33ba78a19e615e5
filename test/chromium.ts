// Where Debian Chromium lives and the flags it needs here; shared by vitest.config.ts (browser
// project) and the packed-package page test. TOOLCHAIN.md "Chromium": never download a browser.

/** Debian's Chromium (installed by test/ensure-tools.mjs). */
export const chromiumExecutablePath = '/usr/bin/chromium';

/** No sandbox (containers), no GPU, no background network chatter or updates. */
export const chromiumArguments = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
