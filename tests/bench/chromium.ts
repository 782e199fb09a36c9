import { chromium, type BrowserContext } from 'playwright-core';

/**
 * The bench's Chromium: Debian's (or CHROME_PATH), with a profile folder on disk as an
 * installed app has (an in-memory profile's IndexedDB slows with every row it holds).
 */
export function launchBenchChromium(
  profile: string,
  options: { offline?: boolean; bypassCSP?: boolean } = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    ...options,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-dev-shm-usage',
    ],
  });
}
