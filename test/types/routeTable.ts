/**
 * Type tests of the route table (server/http/route.ts, server/routes/index.ts): `tsc -p test` (in
 * `npm run typecheck`) checks this file, and each `@ts-expect-error` fails the typecheck when the
 * line below it compiles. Never run: the tables sit in functions nobody calls.
 */
import { routesOf } from '../../server/http/route';
import { events } from '../../shared/api/events';
import { home } from '../../shared/api/home';
import { releases } from '../../shared/api/releases';
import type { ReleaseSummary } from '../../shared/schemas/release';

const none: ReleaseSummary[] = [];
const unused = (): never => {
  throw new Error('a type test, never run');
};

export function completeTables() {
  return [
    routesOf(home, { get: unused }),
    // The whole resource: every endpoint of shared/api/releases.ts has its handler.
    routesOf(releases, {
      settings: unused,
      saveSettings: unused,
      list: () => ({ releases: none }),
      preview: unused,
      cut: unused,
      get: unused,
      publish: unused,
      download: () => undefined,
      file: () => undefined,
      diff: unused,
    }),
  ];
}

export function incompleteTables() {
  return [
    // @ts-expect-error the probe: an endpoint of the resource (`diff`) without its handler does not compile
    routesOf(releases, { settings: unused, saveSettings: unused, list: unused, preview: unused, cut: unused, get: unused, publish: unused, download: unused, file: unused }),
    // @ts-expect-error no handlers at all
    routesOf(events, {}),
    // @ts-expect-error a handler of an endpoint the resource does not declare
    routesOf(home, { get: unused, list: unused }),
  ];
}

export function checkedHandlers() {
  return [
    // @ts-expect-error each handler is checked against its own endpoint's response
    routesOf(releases, { settings: unused, saveSettings: unused, list: () => ({ release: none }), preview: unused, cut: unused, get: unused, publish: unused, download: unused, file: unused, diff: unused }),
  ];
}
