// Vitest set-up of the server project: after a failed test (an assertion, a limit, the test's own limit) it prints
// what every server process and test client of the file says of itself (support/diagnostics.ts).

import { afterEach } from 'vitest';
import { describeAll } from './diagnostics.ts';

afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  const lines = describeAll();
  if (lines.length > 0) console.error([`\n── ${task.file?.name ?? '?'} › "${task.name}" failed: the servers and clients as they are now ──`, ...lines].join('\n'));
});
