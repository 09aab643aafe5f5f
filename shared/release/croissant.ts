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
  name: string;
  description: string;
  version: string;
  jsonlSha256: string;
  extended: boolean;
  /** The date of the newest data in the release (a data timestamp, never the wall clock). */
  datePublished: string | null;
}

const FILE_ID = 'jsonl-file';

function field(name: string, description: string, jsonPath: string, extra: Record<string, unknown> = {}) {
  return {
    '@type': 'cr:Field',
    '@id': `tasks/${name}`,
    name,
    description,
    dataType: 'sc:Text',
    source: { fileObject: { '@id': FILE_ID }, extract: { jsonPath } },
    ...extra,
  };
}

/** MLCommons Croissant 1.0 metadata of a release, as a plain JSON-LD object. */
export function croissant(input: CroissantInput): Record<string, unknown> {
  const qaFields = [
    field('qa_pairs/question', 'A key clarification question.', '$.qa_pairs[*].question'),
    field('qa_pairs/answer', 'The ground-truth answer to the question.', '$.qa_pairs[*].answer'),
  ];
  if (input.extended) qaFields.push(field('qa_pairs/type', 'The ambiguity type of the point.', '$.qa_pairs[*].type'));
  const meta: Record<string, unknown> = {
    '@context': CONTEXT,
    '@type': 'sc:Dataset',
    conformsTo: 'http://mlcommons.org/croissant/1.0',
    name: input.name,
    description: input.description,
    version: input.version,
    license: 'https://opensource.org/licenses/MIT',
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
          field('task_id', 'Task id.', '$.task_id'),
          field('question_id', 'LiveCodeBench question id of the source problem.', '$.question_id'),
          field('keywords', "The de-duplicated ambiguity types of the task's points.", '$.keywords[*]', { repeated: true }),
          field('modified_content', 'The underspecified problem statement.', '$.modified_content'),
          { '@type': 'cr:Field', '@id': 'tasks/qa_pairs', name: 'qa_pairs', description: 'Key questions with their answers; the count is K.', repeated: true, subField: qaFields },
        ],
      },
    ],
  };
  if (input.datePublished) meta.datePublished = input.datePublished;
  return meta;
}
