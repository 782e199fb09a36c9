import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core, the accessibility engine, is run in the page (evaluated, so the app's CSP holds).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };

/** The serious and critical axe violations of what the page shows now, as 'rule: element' lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A dialog or menu still fading in is measured at its end colours, not half transparent.
  // Mantine mounts a transition at its start styles and starts it on the next animation
  // frame, so no animation runs for a frame after the dialog appears: settled means no
  // finite animation running on three frames in a row (the predicate runs once a frame).
  await page.evaluate(() => ((window as { settledFrames?: number }).settledFrames = 0));
  await page.waitForFunction(() => {
    const w = window as { settledFrames?: number };
    const settled = document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);
    w.settledFrames = settled ? (w.settledFrames ?? 0) + 1 : 0;
    return w.settledFrames >= 3;
  });
  // Once per document: a screen reached in the app keeps the engine its first audit loaded.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Every rule runs as before; `resultTypes` only spares axe building selectors for the passes
  // and the inapplicable nodes this reads nothing of (axe-core's documented speed option).
  const violations = await page.evaluate(
    async () =>
      (
        await (
          window as unknown as {
            axe: {
              run: (d: Document, o: { resultTypes: string[] }) => Promise<{ violations: Violation[] }>;
            };
          }
        ).axe.run(document, { resultTypes: ['violations'] })
      ).violations,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
