import { accessSync, constants } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * A Chromium to drive headless: `CHROMIUM_PATH` when it is set, else Debian's `/usr/bin/chromium`; undefined
 * when that file is not an executable (the browser suites skip then).
 */
export function findChromium(): string | undefined {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return undefined;
  }
}

/** Headless, sandbox-free (tests run as root in CI) and quiet: no GPU, no background or component traffic. */
export const headlessChromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Containers often give /dev/shm only 64 MB, too little for Chromium's renderer.
  '--disable-dev-shm-usage',
] as const;

/** Launches the Chromium at `executablePath` headless with a fresh temporary profile (playwright's default). */
export function launchHeadlessChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: [...headlessChromiumArgs] });
}
