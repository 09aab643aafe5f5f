/**
 * The browsers the tests drive, both Debian's builds of Chromium (never a downloaded one).
 *
 * CHROMIUM, for nearly every browser test: `chromium-headless-shell`, the same Chromium and Blink
 * as the `chromium` package without the full browser around them. It loads and renders the app's
 * pages with about a third less CPU, and the browser tests are most of the suite's time on two
 * cores. CHROMIUM_PATH names another binary.
 *
 * FULL_CHROMIUM, for what only the full browser does as people's browsers do: a save sent with
 * `keepalive` as the tab closes still reaches the server (the headless shell drops it with the
 * page). CHROMIUM_FULL_PATH names another binary.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
