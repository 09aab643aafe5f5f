/** Every test file's temporary folders (tempDir) are removed once the file is done. */
import { afterAll } from 'vitest';
import { removeTempDirs } from './db';

afterAll(removeTempDirs);
