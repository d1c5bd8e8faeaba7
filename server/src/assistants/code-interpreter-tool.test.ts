// The code-interpreter tool's handling of what the sandbox answers, without Pyodide (chat-code.test.ts runs the
// real sandbox): a time-out or a dead sandbox is a ToolError (a failed part), a file that cannot be kept is
// named in the output while the others arrive, same-named input files get distinct names.
import { describe, expect, it } from 'vitest';
import type { PythonRunRequest, PythonRunResult } from '../sandbox';
import { AppError } from '../lib/errors';
import { ToolError } from '../tools/tool';
import { codeInterpreterTool, type CodeInterpreterPort } from './code-interpreter-tool';

const ctx = { userId: 'u1', auth: {}, signal: new AbortController().signal };
const empty: PythonRunResult = { stdout: '', stderr: '', timedOut: false, files: [], notes: [] };

function port(result: PythonRunResult, seen: PythonRunRequest[] = []): CodeInterpreterPort {
  return {
    status: () => Promise.resolve({ available: true, backend: 'python', packages: [] }),
    run: (request) => {
      seen.push(request);
      return Promise.resolve(result);
    },
    inputFiles: () =>
      Promise.resolve([
        { filename: 'data.csv', bytes: new Uint8Array([1]) },
        { filename: 'data.csv', bytes: new Uint8Array([2]) },
        { filename: '../x/y.txt', bytes: new Uint8Array([3]) },
      ]),
    saveOutput: (_userId, file) => {
      if (file.filename === 'big.bin') return Promise.reject(new AppError(413, 'Storage limit reached.'));
      return Promise.resolve({
        file_id: `id-${file.filename}`,
        filename: file.filename,
        filepath: `/api/files/content/id-${file.filename}`,
        type: file.mimeType,
        bytes: file.bytes.length,
      });
    },
  };
}

describe('code_interpreter tool', () => {
  it('fails the call on a time-out or a sandbox failure, with the sandbox’s reason', async () => {
    const timedOut = { ...empty, timedOut: true, failure: 'The code ran longer than 30 s and was stopped.' };
    await expect(
      codeInterpreterTool(port(timedOut), [], []).run({ code: 'while True: pass' }, ctx),
    ).rejects.toThrow(new ToolError('The code ran longer than 30 s and was stopped.'));
    const dead = { ...empty, failure: 'The code used more memory than the sandbox allows.' };
    await expect(codeInterpreterTool(port(dead), [], []).run({ code: 'x' }, ctx)).rejects.toThrow(
      /more memory/,
    );
    await expect(codeInterpreterTool(port(empty), [], []).run({ code: '  ' }, ctx)).rejects.toThrow(/empty/);
  });

  it('hands in unique names, keeps what fits and says what did not', async () => {
    const seen: PythonRunRequest[] = [];
    const result: PythonRunResult = {
      ...empty,
      stdout: 'hi\n',
      error: 'Traceback (most recent call last):\nValueError: late',
      files: [
        { name: 'out/report.txt', bytes: new Uint8Array([104]), mimeType: 'text/plain' },
        { name: 'big.bin', bytes: new Uint8Array(4), mimeType: 'application/octet-stream' },
      ],
    };
    const tool = codeInterpreterTool(port(result, seen), ['f1', 'f2', 'f3'], ['data.csv']);
    expect(tool.description).toContain('data.csv');
    const answer = await tool.run({ code: 'print("hi")' }, ctx);
    expect(seen[0]?.files.map((file) => file.name)).toEqual(['data.csv', 'data (2).csv', '.._x_y.txt']);
    expect(answer.outputs).toEqual([
      { type: 'logs', logs: 'hi\nTraceback (most recent call last):\nValueError: late' },
      {
        type: 'file',
        file: {
          file_id: 'id-report.txt',
          filename: 'report.txt',
          filepath: '/api/files/content/id-report.txt',
          type: 'text/plain',
          bytes: 1,
        },
      },
    ]);
    expect(answer.files).toEqual([]);
    expect(answer.output).toContain('/mnt/data/out/report.txt (given to the user as a download)');
    expect(answer.output).toContain(
      '/mnt/data/big.bin could not be given to the user: Storage limit reached.',
    );
  });

  it('runs as the caller, names the packages, and says which files were left out', async () => {
    const seen: PythonRunRequest[] = [];
    const result: PythonRunResult = {
      ...empty,
      stdout: 'done\n',
      notes: ['f21.txt was not returned: a run returns at most 20 files.'],
    };
    const tool = codeInterpreterTool(port(result, seen), [], [], ['numpy', 'pandas', 'matplotlib']);
    expect(tool.description).toContain('these packages are available: numpy, pandas, matplotlib');
    expect(codeInterpreterTool(port(result), [], []).description).toContain('Only the standard library');
    const answer = await tool.run({ code: 'print("done")' }, ctx);
    expect(seen[0]?.userId).toBe('u1');
    expect(answer.output).toContain('f21.txt was not returned: a run returns at most 20 files.');
  });

  it('a failed call shows what the code printed before the sandbox stopped it', async () => {
    const stopped = {
      ...empty,
      stdout: 'step 1\n',
      timedOut: true,
      failure: 'The code ran longer than 30 s and was stopped.',
    };
    await expect(codeInterpreterTool(port(stopped), [], []).run({ code: 'x' }, ctx)).rejects.toThrow(
      'The code ran longer than 30 s and was stopped.\n\nPrinted before it stopped:\nstep 1',
    );
  });
});
