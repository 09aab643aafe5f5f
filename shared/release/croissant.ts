import { CITATION } from './card';
import { RELEASE_FILE } from './format';

// The JSON-LD context the Croissant 1.0 specification recommends (its appendix 1).
const CONTEXT = {
  '@language': 'en',
  '@vocab': 'https://schema.org/',
  citeAs: 'cr:citeAs',
  column: 'cr:column',
  conformsTo: 'dct:conformsTo',
  cr: 'http://mlcommons.org/croissant/',
  rai: 'http://mlcommons.org/croissant/RAI/',
  data: { '@id': 'cr:data', '@type': '@json' },
  dataType: { '@id': 'cr:dataType', '@type': '@vocab' },
  dct: 'http://purl.org/dc/terms/',
  examples: { '@id': 'cr:examples', '@type': '@json' },
  extract: 'cr:extract',
  field: 'cr:field',
  fileProperty: 'cr:fileProperty',
  fileObject: 'cr:fileObject',
  fileSet: 'cr:fileSet',
  format: 'cr:format',
  includes: 'cr:includes',
  isLiveDataset: 'cr:isLiveDataset',
  jsonPath: 'cr:jsonPath',
  key: 'cr:key',
  md5: 'cr:md5',
  parentField: 'cr:parentField',
  path: 'cr:path',
  recordSet: 'cr:recordSet',
  references: 'cr:references',
  regex: 'cr:regex',
  repeated: 'cr:repeated',
  replace: 'cr:replace',
  sc: 'https://schema.org/',
  separator: 'cr:separator',
  source: 'cr:source',
  subField: 'cr:subField',
  transform: 'cr:transform',
};

export interface CroissantInput {
  /** The dataset's title, e.g. "ClarifyCodeBench v1.1". */
  name: string;
  description: string;
  /** MAJOR.MINOR.PATCH. */
  version: string;
  jsonlSha256: string;
  extended: boolean;
  /** The release's cut date (YYYY-MM-DD). */
  datePublished: string;
  /** License URL(s). */
  license: string | string[];
}

const FILE_ID = 'jsonl-file';
const SOURCE_FILE = { '@id': FILE_ID };

/**
 * A field read from the JSON Lines file. mlcroissant reads such a file as a table with one
 * column per top-level key, so a field names its column; a value nested inside a column (a
 * qa pair's question) adds a JSONPath transform applied to the column's value.
 */
function field(id: string, name: string, description: string, column: string, options: { jsonPath?: string; repeated?: boolean } = {}) {
  return {
    '@type': 'cr:Field',
    '@id': `tasks/${id}`,
    name,
    description,
    dataType: 'sc:Text',
    ...(options.repeated ? { repeated: true } : {}),
    source: { fileObject: SOURCE_FILE, extract: { column }, ...(options.jsonPath ? { transform: { jsonPath: options.jsonPath } } : {}) },
  };
}

/** MLCommons Croissant 1.0 metadata of a release, as a plain JSON-LD object. */
export function croissant(input: CroissantInput): Record<string, unknown> {
  const qaFields = [
    field('qa_pairs/question', 'question', 'A key clarification question.', 'qa_pairs', { jsonPath: 'question' }),
    field('qa_pairs/answer', 'answer', 'The ground-truth answer to the question.', 'qa_pairs', { jsonPath: 'answer' }),
  ];
  if (input.extended) qaFields.push(field('qa_pairs/type', 'type', 'The ambiguity type of the point.', 'qa_pairs', { jsonPath: 'type' }));
  return {
    '@context': CONTEXT,
    '@type': 'sc:Dataset',
    conformsTo: 'http://mlcommons.org/croissant/1.0',
    name: input.name,
    description: input.description,
    version: input.version,
    datePublished: input.datePublished,
    license: input.license,
    url: 'https://arxiv.org/abs/2607.00711',
    citeAs: CITATION,
    keywords: ['code generation', 'clarification questions', 'underspecification', 'LiveCodeBench'],
    isLiveDataset: false,
    distribution: [
      {
        '@type': 'cr:FileObject',
        '@id': FILE_ID,
        name: RELEASE_FILE,
        contentUrl: RELEASE_FILE,
        encodingFormat: 'application/jsonlines',
        sha256: input.jsonlSha256,
      },
    ],
    recordSet: [
      {
        '@type': 'cr:RecordSet',
        '@id': 'tasks',
        name: 'tasks',
        description: 'One underspecified programming task per record.',
        key: { '@id': 'tasks/task_id' },
        field: [
          field('task_id', 'task_id', 'Task id.', 'task_id'),
          field('question_id', 'question_id', 'LiveCodeBench question id of the source problem.', 'question_id'),
          field('keywords', 'keywords', "The de-duplicated ambiguity types of the task's points.", 'keywords', { repeated: true }),
          field('modified_content', 'modified_content', 'The underspecified problem statement.', 'modified_content'),
          {
            '@type': 'cr:Field',
            '@id': 'tasks/qa_pairs',
            name: 'qa_pairs',
            description: 'Key questions with their answers; the count is K.',
            repeated: true,
            subField: qaFields,
          },
        ],
      },
    ],
  };
}
