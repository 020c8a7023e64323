// What a web test asks of the run's global set-up (test/global-setup.ts): the production build, made once by
// whichever file asks first, and the shared Chromium's endpoint. Each call waits until the thing is ready.

import { get } from 'node:http';
import { inject } from 'vitest';

/** GET from the set-up, with no timeout of its own: a build on a busy machine takes what it takes. */
function ask(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(`${inject('webServices')}${path}`, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve(body) : reject(new Error(`${path}: ${body}`))));
    }).once('error', reject);
  });
}

/** Resolves once apps/web/build holds this run's production build of the client. */
export async function webBuild(): Promise<void> {
  await ask('/build');
}

/** The websocket endpoint of the run's headless Chromium (playwright-core's `chromium.connect`). */
export function chromiumEndpoint(): Promise<string> {
  return ask('/chromium');
}
