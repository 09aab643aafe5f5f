/** A problem's public tests as stored (LiveCodeBench's public_test_cases and metadata JSON texts), decoded here. */
import { z } from 'zod';

export interface PublicTest {
  input: string;
  output: string;
  /** The function to call for a functional test; null for a stdin one. */
  fn: string | null;
}

const storedTests = z.array(z.object({ input: z.string(), output: z.string(), testtype: z.string().optional() }));
const storedMetadata = z.object({ func_name: z.string().optional() }).passthrough();

/** The stored JSON was checked at import; anything unreadable counts as no tests. */
export function parsePublicTests(testsJson: string, metadataJson: string): PublicTest[] {
  let tests: z.infer<typeof storedTests>;
  let fn: string | null = null;
  try {
    tests = storedTests.parse(JSON.parse(testsJson));
    fn = storedMetadata.parse(JSON.parse(metadataJson || '{}')).func_name ?? null;
  } catch {
    return [];
  }
  return tests.map((t) => ({ input: t.input, output: t.output, fn: t.testtype === 'functional' ? fn : null }));
}
