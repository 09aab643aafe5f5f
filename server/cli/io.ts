import { promptHidden } from './prompt';

/** Where output goes; isTTY decides progress-bar redraws and colour. */
export interface CliWriter {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/** The CLI's whole outside world, so that it runs the same in a process or in a test. */
export interface CliIo {
  stdout: CliWriter;
  stderr: CliWriter;
  /** Ask a question without echoing the answer; absent where there is no terminal to ask on. */
  prompt?: (question: string) => Promise<string>;
}

/** The real process's streams, with the terminal prompt when standard input is a terminal. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    prompt: process.stdin.isTTY ? (question) => promptHidden(question, process.stdin, process.stderr) : undefined,
  };
}
