// Evaluates calculator expressions off the event loop (a plain ES module so it runs from source and from
// dist/ alike). A private mathjs instance without the functions that parse, import or define new things.
import { parentPort } from 'node:worker_threads';
import { all, create } from 'mathjs';

const math = create(all, { number: 'number' });
const evaluate = math.evaluate;
const refuse = (name) => () => {
  throw new Error(`${name} is not available in the calculator`);
};
math.import(
  Object.fromEntries(
    [
      'import',
      'createUnit',
      'evaluate',
      'parse',
      'compile',
      'simplify',
      'derivative',
      'resolve',
      'reviver',
    ].map((name) => [name, refuse(name)]),
  ),
  { override: true },
);

parentPort?.postMessage({ ready: true });

parentPort?.on('message', ({ id, expression }) => {
  try {
    const value = evaluate(expression);
    const result = typeof value === 'function' ? 'a function' : math.format(value, { precision: 14 });
    parentPort?.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort?.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
