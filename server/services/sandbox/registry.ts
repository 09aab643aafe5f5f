/** Which code sandbox an app uses: set by createApp, read by the routes that run code (keyed by the express app). */
import { CodeSandbox } from './sandbox';
import { SANDBOX_DEFAULTS } from './settings';

const sandboxes = new WeakMap<object, CodeSandbox>();

/** An app created without a sandbox (tests, tools) runs no code at all. */
export const noSandbox = () => new CodeSandbox(SANDBOX_DEFAULTS, { state: 'off', reason: 'This server was started without a code sandbox: Run and Test are off.' });

export function attachSandbox(app: object, sandbox: CodeSandbox): void {
  sandboxes.set(app, sandbox);
}

export function sandboxOf(app: object): CodeSandbox {
  let sandbox = sandboxes.get(app);
  if (!sandbox) sandboxes.set(app, (sandbox = noSandbox()));
  return sandbox;
}
