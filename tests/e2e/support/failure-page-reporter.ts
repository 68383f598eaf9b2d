// Prints what the page showed when a browser test failed: the accessibility snapshot Playwright
// writes to error-context.md. CI keeps only the log's tail and no test-results folder, and a
// failure that never happens locally (form-fill in stop 29) could not be read back from the
// bare assertion. Bounded, so a run with many failures still ends in a readable log.
import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const MAX_LINES = 60;

export default class FailurePageReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((a) => a.name === 'error-context' && a.path);
    if (!context?.path) return;
    let text: string;
    try {
      text = readFileSync(context.path, 'utf8');
    } catch {
      return;
    }
    // The snapshot is a YAML block, under "# Page snapshot" or after the error itself.
    const at = text.indexOf('```yaml');
    if (at < 0) return;
    const lines = text.slice(at).split('\n').filter((l) => l.trim() !== '' && !l.startsWith('```'));
    // The main region says what the screen showed; the sidebar and header repeat on every page.
    const main = Math.max(lines.findIndex((l) => /^\s*- main\b/.test(l)), 0);
    // The header's sync status says whether the device was still pulling.
    const status = lines.filter((l) => /- status "/.test(l)).slice(0, 2);
    const shown = [...status, ...lines.slice(main + 1, main + 1 + MAX_LINES)];
    process.stdout.write(`\n  page at failure: ${test.titlePath().slice(1).join(' › ')} (retry ${result.retry})\n${shown.map((l) => `    ${l}`).join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
