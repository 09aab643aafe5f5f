/**
 * The bubblewrap command line of one program. Nothing of the host is visible but the read-only
 * system tree python needs (/usr and the /lib, /lib64, /bin links into it); /etc is not bound at
 * all (`python3 -I` needs nothing from it), so no file of the app and no database is reachable.
 * Every namespace is new (--unshare-all): the network namespace has only its own empty loopback.
 * The limits are set by prlimit inside, and the program runs at a low priority (nice) so that the
 * server's own requests come first on a busy machine.
 */
import fs from 'node:fs';
import type { SandboxSettings } from './settings';

/** Where the program's files appear inside the sandbox (read-only). */
export const CODE_DIR = '/code';

/** /lib, /lib64 and /bin: links into /usr on a merged-/usr system, bound read-only otherwise. */
function systemLinks(): string[] {
  const args: string[] = [];
  for (const dir of ['/lib', '/lib64', '/bin']) {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(dir);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(dir), dir);
    else args.push('--ro-bind', dir, dir);
  }
  return args;
}

export interface SandboxCommand {
  command: string;
  args: string[];
}

/**
 * The command for one program: `files` are passed on the file descriptors 3, 4, … in this order
 * and appear read-only under /code; `argv` runs inside. When the server runs as root the sandbox
 * is entered as an unprivileged uid (one per slot), since the kernel does not count root's
 * processes against RLIMIT_NPROC.
 */
export function sandboxCommand(settings: SandboxSettings, files: readonly string[], argv: readonly string[], slot: number): SandboxCommand {
  const mb = 1024 * 1024;
  const bwrap = [
    '--unshare-all',
    '--die-with-parent',
    '--ro-bind', '/usr', '/usr',
    ...systemLinks(),
    '--proc', '/proc',
    '--dev', '/dev',
    '--tmpfs', '/tmp',
    ...files.flatMap((name, i) => ['--ro-bind-data', String(3 + i), `${CODE_DIR}/${name}`]),
    '--clearenv',
    '--setenv', 'PATH', '/usr/bin:/bin',
    '--setenv', 'HOME', '/tmp',
    '--setenv', 'PYTHONIOENCODING', 'utf-8',
    '--chdir', '/tmp',
    '--',
    '/usr/bin/prlimit',
    `--cpu=${settings.cpuSeconds}:${settings.cpuSeconds + 1}`,
    `--as=${settings.memoryMb * mb}`,
    `--nproc=${settings.processes}`,
    `--fsize=${settings.fileMb * mb}`,
    '--core=0',
    '--',
    '/usr/bin/nice', '-n', '10',
    ...argv,
  ];
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    const uid = String(settings.uid + slot);
    return { command: '/usr/bin/setpriv', args: [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--', settings.bwrap, ...bwrap] };
  }
  return { command: settings.bwrap, args: bwrap };
}
