import fs from 'node:fs';
import { CliError } from './command';
import type { CliIo } from './io';

/** Ask a question on the terminal without echoing the answer (for passwords). */
export function promptHidden(question: string, stdin: NodeJS.ReadStream, stderr: NodeJS.WriteStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (result: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      result();
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish(() => resolve(value));
        if (ch === '\u0003' || ch === '\u0004') return finish(() => reject(new CliError('cancelled', 130)));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stderr.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** Ask through the CLI's prompt; without a terminal, say how to give the answer instead. */
export function ask(io: CliIo, question: string): Promise<string> {
  if (!io.prompt) return Promise.reject(new CliError('no terminal to ask for the password: use --password-file FILE', 2));
  return io.prompt(question);
}

/** The first line of a file (without its line end). */
export function firstLine(file: string): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  return text.split(/\r?\n/)[0] ?? '';
}
