/// <reference lib="dom" />
// Accessibility check shared by the portal's and the console's browser journeys.
import { setTimeout as sleep } from 'node:timers/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from 'playwright-core';

/** Resolves once no finite CSS animation or transition is running (spinners run forever). */
async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * Legacy mode runs axe in the page itself instead of gathering each frame's partial results in a
 * blank page opened for it: half the time (0.6–1.0 s a screen here, not 1.1–2.7), and the same
 * findings, since our only frames are TinyMCE's, same-origin and excluded. Only violations are
 * read, so axe need not gather the nodes of every rule that passed.
 */
async function analyze(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).exclude('.tox').setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n  ')}`);
}

/**
 * The frames legacy mode would pass over without a word: axe in the page cannot reach into a frame
 * whose origin is not the page's (an address elsewhere, data:, a sandbox without
 * allow-same-origin). Each frame is asked its origin, as its address does not always tell
 * (TinyMCE's about:srcdoc frames share the page's). A frame that does not answer within 2 s (still
 * loading, or gone) is not counted.
 */
async function framesOfOtherOrigins(page: Page): Promise<string[]> {
  const main = page.mainFrame();
  const originOf = async (frame: Frame): Promise<string | undefined> => {
    const answered = new AbortController();
    const late = sleep(2_000, undefined, { signal: answered.signal }).catch(() => undefined);
    try {
      return await Promise.race([frame.evaluate(() => self.origin), late]);
    } catch {
      return undefined;
    } finally {
      answered.abort();
    }
  };
  const origin = await originOf(main);
  const others: string[] = [];
  for (const frame of page.frames()) {
    if (frame === main) continue;
    const own = await originOf(frame);
    if (own !== undefined && own !== origin) others.push(frame.url() || '(a frame without an address)');
  }
  return others;
}

/**
 * axe's serious and critical violations on the page once it is still, one line each.
 * Refused for a page with a frame of another origin, which legacy mode would leave unchecked.
 * A toast that starts fading out while axe reads it fails contrast half-way through its
 * transition (seen in CI), so a finding is confirmed once more after the page is still again;
 * a real violation is still there.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const unreachable = await framesOfOtherOrigins(page);
  if (unreachable.length > 0) {
    throw new Error(`axe in legacy mode cannot check a frame of another origin (${unreachable.join(', ')}): check this page with AxeBuilder's default mode`);
  }
  const first = await analyze(page);
  if (first.length === 0) return first;
  await animationsSettled(page);
  return analyze(page);
}
