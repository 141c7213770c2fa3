// The proof-of-work captcha in the portal's and the console's browser journeys.
import type { Page } from 'playwright-core';

/**
 * Lets the browser solve the page's proof-of-work captcha, as a person's browser would: solving
 * starts when focus enters the form (here: tabbing onto the widget's box), unless it has started.
 * Resolves once the widget says it is verified (its payload is then in the form). Waits through
 * Playwright, not `expect.poll`, so that suites may sign in from `beforeAll`.
 */
export async function solveCaptcha(page: Page): Promise<void> {
  const widget = page.locator('.fs-pow-captcha[data-ready]');
  await widget.waitFor();
  await widget.getByRole('checkbox').focus();
  await widget.locator('.altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
}
