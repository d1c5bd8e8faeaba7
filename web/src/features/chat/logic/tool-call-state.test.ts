import { describe, expect, it } from 'vitest';
import { formatToolInput, readOutputs, toolCallKind, toolCallState, toolCallTitle } from './tool-call-state';

describe('toolCallState', () => {
  it('runs below 1, is done at 1, failed at 2 or with an error-processing-tool output', () => {
    expect(toolCallState({})).toBe('running');
    expect(toolCallState({ progress: 0.5 })).toBe('running');
    expect(toolCallState({ progress: 1, output: '4' })).toBe('done');
    expect(toolCallState({ progress: 2, output: 'timed out after 30 s' })).toBe('failed');
    expect(toolCallState({ progress: 1, output: 'Error processing tool calculator: bad input' })).toBe(
      'failed',
    );
  });
});

describe('formatToolInput', () => {
  it('pretty-prints JSON arguments and keeps anything else as sent', () => {
    expect(formatToolInput('{"input":"2+2"}')).toBe('{\n  "input": "2+2"\n}');
    expect(formatToolInput('2+2')).toBe('2+2');
    expect(formatToolInput(undefined)).toBe('');
  });
});

describe('toolCallKind and readOutputs', () => {
  it('names code interpreter, retrieval and image tools apart from the rest', () => {
    expect(toolCallKind({ type: 'code_interpreter' })).toBe('code');
    expect(toolCallKind({ type: 'retrieval' })).toBe('retrieval');
    expect(toolCallKind({ type: 'function', name: 'dalle' })).toBe('image');
    expect(toolCallKind({ type: 'function', name: 'getNote_action_x' })).toBe('tool');
  });

  it('reads the logs and the written files of a code-interpreter call', () => {
    expect(
      readOutputs([
        { type: 'logs', logs: 'hello' },
        { type: 'image', image: { file_id: 'f1', filepath: '/api/files/content/f1?sig=a' } },
        { type: 'file', file_id: 'f2', filename: 'out.csv', filepath: '/api/files/content/f2?sig=b' },
      ]),
    ).toEqual({
      logs: 'hello',
      files: [
        { file_id: 'f1', filename: undefined, filepath: '/api/files/content/f1?sig=a', type: 'image/*' },
        { file_id: 'f2', filename: 'out.csv', filepath: '/api/files/content/f2?sig=b', type: undefined },
      ],
    });
  });
});

describe('toolCallTitle', () => {
  it('keeps SPEC §4 texts and names the image tool beside "Creating Image" / "Finished"', () => {
    expect(toolCallTitle('image', 'running')).toEqual({
      key: 'com_assistants_creating_image',
      tool: 'beside',
    });
    expect(toolCallTitle('image', 'done')).toEqual({ key: 'com_assistants_finished', tool: 'beside' });
    expect(toolCallTitle('image', 'failed')).toEqual({ key: 'com_ui_tool_failed', tool: 'in-text' });
  });

  it('puts other tools in their text and lets code and retrieval name themselves', () => {
    expect(toolCallTitle('tool', 'done')).toEqual({ key: 'com_ui_tool_used', tool: 'in-text' });
    expect(toolCallTitle('tool', 'running')).toEqual({ key: 'com_ui_tool_using', tool: 'in-text' });
    expect(toolCallTitle('code', 'done')).toEqual({ key: 'com_assistants_finished_analyzing', tool: 'none' });
    expect(toolCallTitle('retrieval', 'done')).toEqual({
      key: 'com_assistants_used_retrieval',
      tool: 'none',
    });
  });
});
