// wtr prints no "N passed, N failed" line: this reporter counts tests and writes them for scripts/test.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';

function countSuite(suite, acc) {
  for (const t of suite.tests ?? []) {
    if (t.skipped) acc.skipped++;
    else if (t.passed) acc.passed++;
    else acc.failed++;
  }
  for (const s of suite.suites ?? []) countSuite(s, acc);
}

export function countReporter({ outFile = 'test-results/blocks.json' } = {}) {
  return {
    onTestRunFinished({ sessions }) {
      const acc = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        if (session.testResults) countSuite(session.testResults, acc);
        // a file that failed to load or threw outside a test counts as one failure
        if (!session.passed && (session.errors?.length ?? 0) > 0) acc.failed++;
      }
      mkdirSync('test-results', { recursive: true });
      writeFileSync(outFile, JSON.stringify(acc));
      console.log(`blocks: ${acc.passed} passed, ${acc.failed} failed, ${acc.skipped} skipped`);
    },
  };
}
