// One headless Chromium for every end-to-end test file of a run (started by test/global-setup.ts): prints its
// websocket endpoint on one line, and closes the browser on SIGTERM. A process of its own, so the browser's
// traffic from every file is relayed here, not in vitest's main process or in one test file's.

import { chromium } from 'playwright-core';

const server = await chromium.launchServer({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
process.stdout.write(`${server.wsEndpoint()}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => void server.close().then(() => process.exit(0)));
