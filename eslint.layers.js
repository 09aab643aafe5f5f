import path from 'node:path';

/**
 * The server's layers (docs/architecture.md, "Layers of the server"): routes → services → db, with the
 * file readers (server/files/) under the services and presenters beside the routes. A local plugin, so these
 * rules neither override nor are overridden by the generic rules of other config blocks.
 *
 * - layers/no-import: a file may not import from the listed folders (resolved from the file, so
 *   `../../http/errors` and `../http/route` are both caught; a name of a package never is).
 * - layers/sql-in-db-only: no SQL outside db/ — neither a string or template that starts with an
 *   SQL statement, nor a call of a driver method that runs SQL (.prepare, .exec, .pragma).
 * - layers/json-parse-in-db-only: no JSON.parse outside db/ — stored JSON columns are decoded (and
 *   repaired) by the db/ modules (db/storedJson.ts), so services get domain values; only the
 *   readers of files and answers from outside (JSON_READERS) parse text themselves.
 * - layers/no-unchecked-json: no `JSON.parse(…) as T` anywhere outside db/ — parsed text is checked
 *   against its schema (a draft kept in the browser, a file, an answer), never just asserted to fit.
 */
const ROOT = path.dirname(new URL(import.meta.url).pathname);

const SQL_START = /^\s*\(?\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|WITH|CREATE|DROP|ALTER|PRAGMA|BEGIN|COMMIT)\s/;
const SQL_CALLS = new Set(['prepare', 'exec', 'pragma']);

const noImport = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: { folder: { type: 'string' }, names: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } },
          required: ['folder', 'message'],
          additionalProperties: false,
        },
      },
    ],
  },
  create(context) {
    const banned = context.options[0] ?? [];
    const from = path.dirname(context.filename);
    function check(node, source, names) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(ROOT, path.resolve(from, source)).split(path.sep).join('/');
      for (const rule of banned) {
        const inside = target === rule.folder || target.startsWith(`${rule.folder}/`);
        if (!inside) continue;
        const hit = rule.names ? names.filter((n) => rule.names.includes(n)) : [];
        if (rule.names && hit.length === 0) continue;
        context.report({ node, message: rule.names ? `${rule.message} (${hit.join(', ')} from ${source})` : `${rule.message} (${source})` });
      }
    }
    const importedNames = (node) => (node.specifiers ?? []).map((s) => (s.type === 'ImportSpecifier' || s.type === 'ExportSpecifier' ? (s.imported ?? s.local).name : '*'));
    return {
      ImportDeclaration: (node) => check(node, node.source.value, importedNames(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, (node.specifiers ?? []).map((s) => s.local.name)),
      ExportAllDeclaration: (node) => check(node, node.source.value, ['*']),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, ['*']),
    };
  },
};

const sqlInDbOnly = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const message = 'SQL belongs in a db/ module: call a named function of db/<table>.ts instead.';
    const check = (node, text) => {
      if (SQL_START.test(text)) context.report({ node, message });
    };
    return {
      Literal: (node) => typeof node.value === 'string' && check(node, node.value),
      TemplateLiteral: (node) => check(node, node.quasis[0]?.value.cooked ?? ''),
      CallExpression(node) {
        const callee = node.callee;
        // Statement text given right there (a RegExp's .exec(line) takes a variable, and a regex literal is not SQL).
        const [first] = node.arguments;
        const text = first && (first.type === 'TemplateLiteral' || (first.type === 'Literal' && typeof first.value === 'string'));
        if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && SQL_CALLS.has(callee.property.name) && text && callee.object.type !== 'Literal') {
          context.report({ node, message });
        }
      },
    };
  },
};

function isJsonParse(node) {
  const callee = node?.type === 'CallExpression' ? node.callee : null;
  return (
    callee?.type === 'MemberExpression' &&
    !callee.computed &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'JSON' &&
    callee.property.type === 'Identifier' &&
    callee.property.name === 'parse'
  );
}

const jsonParseInDbOnly = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const message = 'Stored JSON is decoded in db/ (db/storedJson.ts): read the column through a db/ module, which repairs bad values, instead of JSON.parse here.';
    return {
      CallExpression(node) {
        if (isJsonParse(node)) context.report({ node, message });
      },
    };
  },
};

const noUncheckedJson = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const message = 'Parsed JSON is checked against its schema (schema.parse / safeParse), not asserted with `as`.';
    return {
      TSAsExpression(node) {
        if (isJsonParse(node.expression)) context.report({ node, message });
      },
    };
  },
};

/**
 * The files that parse JSON text which is not a stored column: uploads and files read from disk
 * (each with line numbers in its own pipeline), and the answers of an LLM endpoint.
 */
export const JSON_READERS = [
  'server/files/jsonLines.ts', // JSONL uploads (problems, annotations, suggestions, releases), line by line
  'server/services/runs/pass1.ts', // LiveCodeBench's _eval_all.json of a run
  'shared/runs/pass1.ts', // the per-code metadata strings inside an uploaded _eval_all.json
  'server/services/runs/jsonSlice.ts', // a member name inside a run line already parsed
  'server/services/releases/facts.ts', // the tool's own package.json (its version in the data card)
  'server/cli/commands/export.ts', // the --settings JSON file of `export`
  'server/services/suggestions/llmClient.ts', // the LLM endpoint's HTTP answer
  'server/services/suggestions/generate.ts', // the model's answer inside it
  'shared/schemas/lcb.ts', // a LiveCodeBench record's nested JSON text (public test cases)
  'shared/release/validate.ts', // the lines of a release file being checked
  'server/services/pilots/publicTests.ts', // the verdict a sandboxed test harness prints
  'server/services/sandbox/selfTest.ts', // what the sandbox's self-test program prints
];

const layers = { rules: { 'no-import': noImport, 'sql-in-db-only': sqlInDbOnly, 'json-parse-in-db-only': jsonParseInDbOnly, 'no-unchecked-json': noUncheckedJson } };

export const layerBlocks = [
  {
    files: ['server/**/*.ts', 'shared/**/*.ts', 'client/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs,js}'],
    plugins: { layers },
    rules: { 'layers/no-unchecked-json': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { layers },
    rules: { 'layers/sql-in-db-only': 'error' },
  },
  {
    files: ['server/**/*.ts', 'shared/**/*.ts'],
    ignores: JSON_READERS,
    plugins: { layers },
    rules: { 'layers/json-parse-in-db-only': 'error' },
  },
  {
    files: ['server/services/**/*.ts'],
    plugins: { layers },
    rules: {
      'layers/no-import': [
        'error',
        [
          { folder: 'server/http', message: 'Services speak the domain, not HTTP: throw DomainError from server/domain/errors.ts' },
          { folder: 'db/database', names: ['all', 'get', 'run'], message: 'Services read and write through the db/ modules, not raw statements' },
          { folder: 'server/presenters', message: 'Services return domain values; routes shape them into responses with server/presenters/' },
        ],
      ],
    },
  },
  {
    files: ['server/files/**/*.ts'],
    plugins: { layers },
    rules: {
      'layers/no-import': [
        'error',
        [
          { folder: 'server/services', message: 'The file readers are plumbing under the services: they read and check files, the services decide what the lines mean' },
          { folder: 'server/presenters', message: 'The file readers know nothing of responses' },
          { folder: 'server/routes', message: 'The file readers know nothing of HTTP' },
          { folder: 'server/http', message: 'The file readers know nothing of HTTP' },
          { folder: 'db', message: 'The file readers read files, not the database' },
        ],
      ],
    },
  },
  {
    files: ['server/routes/**/*.ts'],
    plugins: { layers },
    rules: {
      'layers/no-import': ['error', [{ folder: 'db', message: 'Routes reach the database only through services' }]],
    },
  },
];
