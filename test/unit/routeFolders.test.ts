import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API } from '../../shared/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The files of shared/api/ that declare no resource: the endpoint maker, shared path parameters, the index. */
const NOT_RESOURCES = ['endpoint.ts', 'params.ts', 'index.ts'];

const apiResources = () =>
  fs
    .readdirSync(path.join(ROOT, 'shared/api'))
    .filter((f) => f.endsWith('.ts') && !NOT_RESOURCES.includes(f))
    .map((f) => f.slice(0, -'.ts'.length))
    .sort();
const routeFolders = () =>
  fs
    .readdirSync(path.join(ROOT, 'server/routes'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

describe('the HTTP layer groups files one way: by the resources of shared/api/', () => {
  it('has a folder of server/routes/ for each resource of shared/api/, and no other', () => {
    expect(apiResources().length).toBeGreaterThan(15);
    expect(routeFolders()).toEqual(apiResources());
  });

  it('holds each resource\'s routes in one file, server/routes/<resource>/<resource>.ts', () => {
    for (const resource of routeFolders()) expect(fs.readdirSync(path.join(ROOT, 'server/routes', resource)), resource).toEqual([`${resource}.ts`]);
  });

  it('declares in each file of shared/api/ the resource of that name (the endpoints\' resource field)', () => {
    expect(Object.keys(API).sort()).toEqual(apiResources());
    for (const [name, endpoints] of Object.entries(API)) for (const endpoint of Object.values(endpoints)) expect(endpoint.resource, `${name}`).toBe(name);
  });
});
