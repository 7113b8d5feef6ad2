import type { Page } from '@playwright/test';

/**
 * Types into several labelled inputs in one go, before the page renders again: what a quick typist
 * on a busy machine does. A page that builds each change on what it last rendered loses all but
 * the last; one that builds on what it last wrote keeps them all.
 */
export async function fillTogether(page: Page, values: Record<string, string>): Promise<void> {
  const labels = Object.keys(values);
  const inputs = await Promise.all(labels.map((label) => page.getByLabel(label, { exact: true }).elementHandle()));
  await page.evaluate(
    ([elements, typed]) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      elements.forEach((element, index) => {
        setValue?.call(element, typed[index]);
        element?.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    [inputs, Object.values(values)] as const,
  );
}
