import { describe, expect, it } from 'vitest';
import { memberText } from '../../server/services/runs/jsonSlice';

/** The member's text must parse to exactly what JSON.parse of the whole object gives for it. */
function agrees(text: string, key: string): void {
  const whole = JSON.parse(text) as Record<string, unknown>;
  const cut = memberText(text, key);
  if (Object.hasOwn(whole, key)) expect(JSON.parse(cut!)).toEqual(whole[key]);
  else expect(cut).toBeUndefined();
}

describe('memberText: a top-level member cut from the JSON text it was parsed from', () => {
  it('cuts the value as written, whitespace and key order as in the line', () => {
    const text = ' { "id" : "a", "messages" : [ {"role": "user", "content": "hi", "name": "x"} ] , "n": 1 } ';
    expect(memberText(text, 'messages')).toBe('[ {"role": "user", "content": "hi", "name": "x"} ]');
    expect(memberText(text, 'n')).toBe('1');
    expect(memberText(text, 'id')).toBe('"a"');
  });

  it('is not fooled by the key inside strings, nested objects or escaped quotes', () => {
    const lines = [
      '{"prompt": "say \\"messages\\": [1]", "messages": [{"role": "user", "content": "\\"messages\\": ]}"}]}',
      '{"qa": {"messages": [0]}, "messages": [{"role": "a", "content": "\\\\"}], "z": "\\\\\\""}',
      '{"a": [[], {}, "]", "}", "\\u005d"], "messages": [{"content": "[{", "role": "r"}]}',
      '{"a": true, "b": null, "c": -1.5e3, "messages": []}',
    ];
    for (const line of lines) agrees(line, 'messages');
  });

  it('takes the last of duplicate keys and decodes escaped keys, as JSON.parse does', () => {
    const text = '{"messages": [1], "x": 0, "messag\\u0065s": [2], "m": 3}';
    expect(memberText(text, 'messages')).toBe('[2]');
    agrees(text, 'messages');
  });

  it('gives undefined for a missing member', () => {
    agrees('{"id": "a", "qa": {"messages": []}}', 'messages');
    agrees('{}', 'messages');
  });
});
