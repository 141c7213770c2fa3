// The proof-of-work captcha in the portal's and the console's browser journeys.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Lets the browser solve the page's proof-of-work captcha, as a person's browser would: solving
 * starts when focus enters the form (here: tabbing onto the widget's box), unless it has started.
 * Resolves once the widget says it is verified (its payload is then in the form).
 */
export async function solveCaptcha(page: Page): Promise<void> {
  const widget = page.locator('.fs-pow-captcha[data-ready]');
  await widget.waitFor();
  const state = widget.locator('.altcha[data-state]');
  await widget.getByRole('checkbox').focus();
  await expect.poll(() => state.getAttribute('data-state'), { timeout: 30_000 }).toBe('verified');
}
