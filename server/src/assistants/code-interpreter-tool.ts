// `code_interpreter` (API.md "Assistants and actions"): Python in the sandbox (`sandbox/`), with the
// assistant's files and the message's files in /mnt/data. What the code prints comes back as the part's logs;
// files it writes become the user's files (context `assistants_output`): images as `image_file` parts, the
// others as `file` entries of the part's `outputs`. A Python exception is output the model reads and fixes; a
// time-out or a sandbox failure is a failed part. Nothing here answers the request with an error.
import type { PythonFile, PythonRunRequest, PythonRunResult, SandboxStatus } from '../sandbox';
import { ToolError, type SavedToolFile, type Tool } from '../tools/tool';

/** A file the code wrote, as the user's file. */
export interface SavedOutputFile {
  file_id: string;
  filename: string;
  /** The signed link the browser loads it from. */
  filepath: string;
  /** MIME type. */
  type: string;
  bytes: number;
  width?: number | null | undefined;
  height?: number | null | undefined;
}

export interface CodeInterpreterPort {
  /** Whether code can run here, and which packages beyond the standard library import. */
  status(): Promise<SandboxStatus>;
  run(request: PythonRunRequest): Promise<PythonRunResult>;
  /** The caller's files among `fileIds` with their bytes; others' and unknown ids are left out. */
  inputFiles(
    userId: string,
    fileIds: readonly string[],
  ): Promise<Array<{ filename: string; bytes: Uint8Array }>>;
  /** Throws (an AppError such as the storage limit's 413) when the file cannot be kept. */
  saveOutput(
    userId: string,
    file: { bytes: Buffer; filename: string; mimeType: string },
  ): Promise<SavedOutputFile>;
}

export const CODE_INTERPRETER_TOOL = 'code_interpreter';
/** The sandbox's own limit on the code (its process is killed after it). */
export const CODE_TIME_LIMIT_MS = 30_000;
/** The call's limit: the code's plus time for a cold interpreter to start and the files to be saved. */
const CALL_TIME_LIMIT_MS = CODE_TIME_LIMIT_MS + 60_000;
/** Images the chat shows inline; anything else (SVG included) is a download. */
const INLINE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Names unique within /mnt/data: a second `data.csv` becomes `data (2).csv`. */
function uniqueNames(files: ReadonlyArray<{ filename: string; bytes: Uint8Array }>): PythonFile[] {
  const used = new Set<string>();
  return files.map(({ filename, bytes }) => {
    const base = filename.replace(/[\\/]/g, '_').replace(/^\.+$/, 'file') || 'file';
    const dot = base.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${stem} (${n})${extension}`;
    used.add(name.toLowerCase());
    return { name, bytes };
  });
}

/** What the code printed, its last value and its traceback, in the order a terminal shows them. */
function logsOf(result: PythonRunResult): string {
  const pieces = [result.stdout, result.stderr, result.result ?? '', result.error ?? '', ...result.notes];
  return pieces
    .filter((piece) => piece !== '')
    .map((piece) => piece.replace(/\n$/, ''))
    .join('\n');
}

/** A sandbox failure (time, memory, busy, start) with what the code printed before it, for the model. */
function failureOf(result: PythonRunResult): string | undefined {
  if (result.failure === undefined) return undefined;
  const printed = [result.stdout, result.stderr].filter((piece) => piece !== '').join('\n');
  return printed === '' ? result.failure : `${result.failure}\n\nPrinted before it stopped:\n${printed}`;
}

function describe(fileNames: readonly string[], packages: readonly string[], kept: boolean): string {
  const files =
    fileNames.length > 0
      ? `These files are in /mnt/data: ${fileNames.join(', ')}.`
      : 'There are no files in /mnt/data yet.';
  const libraries =
    packages.length > 0
      ? `The standard library and these packages are available: ${packages.join(', ')} (matplotlib draws ` +
        'with the Agg backend: save figures with savefig to /mnt/data); nothing else can be installed'
      : 'Only the standard library is available (no numpy, pandas or matplotlib; nothing can be installed)';
  const lifetime = kept
    ? 'Variables, imports and files carry over from one call to the next in this conversation (if the ' +
      'interpreter restarts, the output says so and they are gone)'
    : 'Each call starts afresh';
  return (
    'Runs Python 3 code in a sandbox and returns what it prints and the value of its last expression. ' +
    `${libraries} and there is no network. The working directory is /mnt/data. ${files} Files the code writes to /mnt/data ` +
    `are given to the user to download (images are shown). ${lifetime}; at most ` +
    `${CODE_TIME_LIMIT_MS / 1000} s per call.`
  );
}

/**
 * The tool for one run. `fileIds`: the assistant's files and the message's; their names are in the
 * description, their bytes are read at the first call.
 */
export function codeInterpreterTool(
  port: CodeInterpreterPort,
  fileIds: readonly string[],
  fileNames: readonly string[],
  packages: readonly string[] = [],
  /** The conversation (thread) whose interpreter keeps its variables from one call to the next. */
  session?: string,
): Tool {
  let inputs: Promise<PythonFile[]> | undefined;
  return {
    name: CODE_INTERPRETER_TOOL,
    partType: 'code_interpreter',
    description: describe(fileNames, packages, session !== undefined),
    timeoutMs: CALL_TIME_LIMIT_MS,
    parameters: {
      type: 'object',
      properties: { code: { type: 'string', description: 'The Python code to run.' } },
      required: ['code'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const code = typeof args.code === 'string' ? args.code : '';
      if (code.trim() === '') throw new ToolError('The code is empty.');
      inputs ??= port.inputFiles(ctx.userId, fileIds).then(uniqueNames);
      const result = await port.run({
        userId: ctx.userId,
        ...(session !== undefined ? { session } : {}),
        code,
        files: await inputs,
        timeoutMs: CODE_TIME_LIMIT_MS,
        signal: ctx.signal,
      });
      const failure = failureOf(result);
      if (failure !== undefined) throw new ToolError(failure);
      if (ctx.signal.aborted) throw new ToolError('Stopped.');

      const images: SavedToolFile[] = [];
      const outputs: Array<Record<string, unknown>> = [];
      const notes: string[] = [];
      for (const file of result.files) {
        try {
          const saved = await port.saveOutput(ctx.userId, {
            bytes: Buffer.from(file.bytes),
            filename: file.name.split('/').at(-1) ?? file.name,
            mimeType: file.mimeType,
          });
          if (INLINE_IMAGES.has(saved.type) && saved.width) {
            images.push({
              file_id: saved.file_id,
              filepath: saved.filepath,
              ...(saved.width ? { width: saved.width } : {}),
              ...(saved.height ? { height: saved.height } : {}),
            });
            notes.push(`/mnt/data/${file.name} (shown to the user as an image)`);
          } else {
            outputs.push({
              type: 'file',
              file: {
                file_id: saved.file_id,
                filename: saved.filename,
                filepath: saved.filepath,
                type: saved.type,
                bytes: saved.bytes,
              },
            });
            notes.push(`/mnt/data/${file.name} (given to the user as a download)`);
          }
        } catch (error) {
          const reason = error instanceof Error ? error.message : 'it could not be saved';
          notes.push(`/mnt/data/${file.name} could not be given to the user: ${reason}`);
        }
      }
      const logs = logsOf(result);
      const written = notes.length > 0 ? `\n\nFiles written:\n${notes.map((n) => `- ${n}`).join('\n')}` : '';
      return {
        output: `${logs === '' ? '(no output)' : logs}${written}`,
        outputs: [{ type: 'logs', logs }, ...outputs],
        files: images,
      };
    },
  };
}
