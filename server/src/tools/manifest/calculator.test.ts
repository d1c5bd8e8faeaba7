import { afterAll, describe, expect, it } from 'vitest';
import { createMathEvaluator } from '../math/math-evaluator';
import { ToolError, type ToolContext } from '../tool';
import { calculator } from './calculator';

const ctx = (): ToolContext => ({ userId: 'u', auth: {}, signal: new AbortController().signal });
const tool = calculator.create({ env: {}, fetch, guardedFetch: fetch });

describe('the calculator tool', () => {
  it('evaluates arithmetic, functions and units', async () => {
    expect(await tool.run({ input: '12 * (3 + 4) / 2' }, ctx())).toEqual({ output: '42' });
    expect(await tool.run({ input: 'sqrt(16) + 2^10' }, ctx())).toEqual({ output: '1028' });
    expect(await tool.run({ input: '0.1 + 0.2' }, ctx())).toEqual({ output: '0.3' });
    expect((await tool.run({ input: '5 cm to inch' }, ctx())).output).toMatch(/^1\.968\d* inch$/);
  }, 60_000);

  it('refuses what would parse, import or define code, and answers errors as tool errors', async () => {
    for (const input of [
      'import({})',
      'evaluate("1+1")',
      'parse("1")',
      'createUnit("foo")',
      'simplify("x+x")',
    ]) {
      await expect(tool.run({ input }, ctx())).rejects.toThrow(/not available in the calculator/);
    }
    await expect(tool.run({ input: '2 +' }, ctx())).rejects.toBeInstanceOf(ToolError);
    await expect(tool.run({ input: '' }, ctx())).rejects.toThrow('The expression is empty.');
    await expect(tool.run({ input: '1+'.repeat(600) + '1' }, ctx())).rejects.toThrow(/longer than 1000/);
  }, 60_000);
});

describe('the math evaluator', () => {
  // The determinant below takes minutes, so it meets any limit; the limit is long enough for the trivial
  // expressions around it, the first ones of a new worker included, on a loaded machine (at 300 ms a
  // clean-clone run at load 25 failed the test).
  const evaluator = createMathEvaluator({ timeLimitMs: 5_000 });
  afterAll(() => evaluator.close());

  it('stops a calculation over its time limit and keeps working after', async () => {
    await evaluator.evaluate('1 + 1'); // loads mathjs first: the limit counts from then
    await expect(evaluator.evaluate('det(diag(1:1200) + ones(1200, 1200))')).rejects.toThrow(
      'The calculation took longer than 5 s.',
    );
    expect(await evaluator.evaluate('6 * 7')).toBe('42');
  }, 60_000);

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const running = evaluator.evaluate('det(diag(1:1200) + ones(1200, 1200))', controller.signal);
    controller.abort();
    await expect(running).rejects.toThrow('The calculation was stopped.');
  }, 60_000);
});
