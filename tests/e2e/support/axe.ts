import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core, the accessibility engine, is run in the page (evaluated, so the app's CSP holds).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };

/** The serious and critical axe violations of what the page shows now, as 'rule: element' lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A dialog or menu still fading in is measured at its end colours, not half transparent.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async () =>
      (
        await (window as unknown as { axe: { run: (d: Document) => Promise<{ violations: Violation[] }> } }).axe.run(
          document,
        )
      ).violations,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
