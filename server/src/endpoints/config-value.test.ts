import { describe, expect, it } from 'vitest';
import { resolveConfigValue, resolveHeaders, substituteVariables } from './config-value';

const vars = { GROQ_KEY: ' gsk-1 ', HOST: 'api.example', EMPTY: '  ' };

describe('config values', () => {
  it('reads literals, ${VAR} references and user_provided', () => {
    expect(resolveConfigValue('sk-literal', vars)).toEqual({ type: 'server', value: 'sk-literal' });
    expect(resolveConfigValue('${GROQ_KEY}', vars)).toEqual({ type: 'server', value: 'gsk-1' });
    expect(resolveConfigValue('https://${HOST}/v1', vars)).toEqual({
      type: 'server',
      value: 'https://api.example/v1',
    });
    expect(resolveConfigValue('user_provided', vars)).toEqual({ type: 'user' });
    expect(resolveConfigValue('${PROVIDED}', { PROVIDED: 'user_provided' })).toEqual({ type: 'user' });
  });

  it('reports the first unset or blank variable', () => {
    expect(resolveConfigValue('${NOPE}', vars)).toEqual({ type: 'missing', variable: 'NOPE' });
    expect(resolveConfigValue('${EMPTY}', vars)).toEqual({ type: 'missing', variable: 'EMPTY' });
  });

  it('keeps placeholders that are not variables', () => {
    expect(substituteVariables('https://${HOST}/${INSTANCE_NAME}', vars, ['INSTANCE_NAME'])).toEqual({
      type: 'ok',
      value: 'https://api.example/${INSTANCE_NAME}',
    });
  });

  it('substitutes header values and leaves out a header whose variable is unset', () => {
    const problems: string[] = [];
    const headers = resolveHeaders(
      { authorization: 'Bearer ${GROQ_KEY}', 'x-missing': '${NOPE}' },
      vars,
      (p) => problems.push(p),
    );
    expect(headers).toEqual({ authorization: 'Bearer gsk-1' });
    expect(problems).toEqual(['header x-missing: environment variable NOPE is not set; header left out']);
  });
});
