/**
 * The harness that calls a functional (LeetCode-style) solution as LiveCodeBench's
 * `grade_call_based` calls it: LiveCodeBench's star imports before the code, `Solution()` when the
 * code defines that class (the module's own function otherwise), each input line parsed as JSON
 * into one argument, a returned tuple taken as a list, and the result compared with `==` to the
 * JSON-parsed expected output. Python does the comparison so that its equality (1 == 1.0) holds.
 * What the solution prints goes to stderr; the verdict is the harness's one line on stdout.
 */
export const HARNESS_FILE = 'harness.py';
export const SOLUTION_FILE = 'solution.py';

export const FUNCTIONAL_HARNESS = `
import contextlib, json, sys, traceback
MODULES = ['string', 're', 'datetime', 'collections', 'heapq', 'bisect', 'copy', 'math', 'random',
           'statistics', 'itertools', 'functools', 'operator', 'io', 'sys', 'json', 'builtins', 'typing']
PRELUDE = ''.join('from %s import *\\n' % m for m in MODULES) + ''.join('import %s\\n' % m for m in MODULES[:-2])
spec = json.loads(sys.stdin.read())
out = sys.stdout
def verdict(**fields):
    out.write(json.dumps(fields) + '\\n')
    out.flush()
try:
    with open('/code/${SOLUTION_FILE}', encoding='utf-8') as f:
        code = f.read()
    sys.setrecursionlimit(50000)
    with contextlib.redirect_stdout(sys.stderr):
        module = {'__name__': 'tmp_sol'}
        exec(compile(PRELUDE + code, 'solution.py', 'exec'), module)
        target = module['Solution']() if 'class Solution' in code else None
        method = getattr(target, spec['fn']) if target is not None else module.get(spec['fn'])
        if method is None:
            raise NameError('no method named %s' % spec['fn'])
        args = [json.loads(line) for line in spec['input'].split('\\n')]
        expected = json.loads(spec['output'])
        got = method(*args)
    if isinstance(got, tuple):
        got = list(got)
    try:
        shown = json.dumps(got)
    except (TypeError, ValueError):
        shown = repr(got)
    verdict(passed=bool(got == expected), got=shown)
except BaseException:
    traceback.print_exc()
    verdict(passed=False, error=traceback.format_exc().strip().split('\\n')[-1])
`;
