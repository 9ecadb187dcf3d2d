/**
 * axe's accessibility check of a page as the browser tests run it (as e2e/accessibility.e2e.ts does), with
 * 'label-content-name-mismatch' on: a control's accessible name must contain its visible text (WCAG 2.5.3),
 * one of axe's experimental rules, off unless asked for.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe's violations on `page`, or only inside `selector`, as `rule: target, target` lines (empty when it
 * passes).
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
  if (selector) builder = builder.include(selector);
  const result = await builder.analyze();
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
