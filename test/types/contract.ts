/**
 * Type tests of the API contract (shared/api/): `tsc -p test` (in `npm run typecheck`) checks
 * this file, and each `@ts-expect-error` fails the typecheck when the line below it compiles.
 * Never run: the calls sit in functions nobody calls.
 */
import { call, upload, urlOf } from '../../client/src/apiCall';
import { useResource } from '../../client/src/resources/useResource';
import { route } from '../../server/http/route';
import { pilots } from '../../shared/api/pilots';
import { problems } from '../../shared/api/problems';
import { releases } from '../../shared/api/releases';
import { users } from '../../shared/api/users';
import type { ReleaseSummary } from '../../shared/schemas/release';

const none: ReleaseSummary[] = [];

/** The server: a handler's answer must be the declared response. */
export const serverSide = [
  route(releases.list, () => ({ releases: none })),
  // @ts-expect-error the probe: renaming the response field `releases`
  route(releases.list, () => ({ release: none })),
  // @ts-expect-error a field of the wrong type
  route(releases.list, () => ({ releases: 'v1' })),
  // @ts-expect-error an endpoint that sends a file returns nothing of its own
  route(releases.download, () => ({ ok: true })),
  // Path parameters arrive parsed by their schema: a session id is a number, never `string | undefined`.
  route(pilots.session, ({ params, db, user }) => {
    const id: number = params.id;
    // @ts-expect-error no such parameter on this path
    void params.study;
    void db;
    return route.length > 0 && id > 0 && user.id > 0 ? (undefined as never) : (undefined as never);
  }),
  // The body is typed by its schema.
  route(users.create, ({ body }) => {
    // @ts-expect-error the create body has no `email`
    void body.email;
    return undefined as never;
  }),
];

/** The client: the URL is built from the declaration, the body and the answer are typed by it. */
export async function clientSide(): Promise<void> {
  const listed = await call(releases.list);
  const names: string[] = listed.releases.map((r) => r.name);
  // @ts-expect-error the answer has no field `release`
  void listed.release;
  // @ts-expect-error the probe: a misspelled endpoint (the URL is no longer a string the client writes)
  await call(releases.lst);
  // @ts-expect-error a URL string is not an endpoint
  await call('/api/release');
  // @ts-expect-error a body missing its password
  await call(users.create, { body: { username: 'newbie', role: 'annotator' } });
  // @ts-expect-error a role that does not exist
  await call(users.create, { body: { username: 'newbie', role: 'owner', password: 'long-enough' } });
  // @ts-expect-error the path parameter is required
  await call(problems.get);
  // @ts-expect-error the parameter is `questionId`, not `id`
  urlOf(problems.get, { params: { id: 'abc' } });
  // @ts-expect-error an endpoint without a body takes none
  await call(releases.list, { body: { name: 'v1' } });
  // @ts-expect-error the upload's query has no `model`
  await upload(problems.import, { query: { model: 'x' } }, new Blob([]), () => undefined);
  void names;
}

/** The hook reads only GET endpoints and answers with their declared type. */
export function hookSide(): string | undefined {
  const loaded = useResource(releases.list);
  // @ts-expect-error a write is not a resource to load
  useResource(releases.cut);
  return loaded.data?.releases[0]?.name;
}
