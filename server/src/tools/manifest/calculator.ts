import { createMathEvaluator, MathError, type MathEvaluator } from '../math/math-evaluator';
import { ToolError, type Tool } from '../tool';
import type { ManifestEntry } from './manifest-entry';

const MAX_EXPRESSION = 1_000;

let shared: MathEvaluator | undefined;

/** Every calculator shares one evaluator (one worker thread, started at the first calculation). */
const evaluator = (): MathEvaluator => (shared ??= createMathEvaluator());

function calculatorTool(): Tool {
  return {
    name: 'calculator',
    description:
      'Evaluates a mathematical expression (arithmetic, powers, roots, trigonometry, logarithms, units, ' +
      'matrices) and answers its value. Useful for any calculation.',
    parameters: {
      type: 'object',
      properties: {
        input: { type: 'string', description: 'The expression, e.g. "12 * (3 + 4) / 2" or "sqrt(2) ^ 3".' },
      },
      required: ['input'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const input = typeof args.input === 'string' ? args.input.trim() : '';
      if (input === '') throw new ToolError('The expression is empty.');
      if (input.length > MAX_EXPRESSION)
        throw new ToolError(`The expression is longer than ${MAX_EXPRESSION} characters.`);
      try {
        return { output: await evaluator().evaluate(input, ctx.signal) };
      } catch (error) {
        if (error instanceof MathError) throw new ToolError(error.message, { cause: error });
        throw error;
      }
    },
  };
}

export const calculator: ManifestEntry = {
  pluginKey: 'calculator',
  name: 'Calculator',
  description: 'Perform simple and complex mathematical calculations.',
  icon: '/assets/tools/calculator.svg',
  authConfig: [],
  create: () => calculatorTool(),
};
