import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import type { Conversation } from '@parley/shared/schemas/conversation';
import { exportedConversationSchema } from '@parley/shared/schemas/export';
import type { Message } from '@parley/shared/schemas/message';
import {
  allowedOptions,
  effectiveSettings,
  exportFileName,
  sanitizeFilename,
  type ExportSource,
} from './export-options';
import { csvField, formatCsv } from './format-csv';
import { formatJson } from './format-json';
import { formatMarkdown } from './format-markdown';
import { formatText } from './format-text';

const conversation: Conversation = {
  conversationId: 'c1',
  title: 'Cats, "dogs" and more',
  user: 'u1',
  endpoint: 'openAI',
  model: 'gpt-4o',
  temperature: 0.5,
  promptPrefix: '',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
};

function message(
  messageId: string,
  parentMessageId: string,
  text: string,
  minute: number,
  user = false,
): Message {
  const at = `2024-01-01T00:0${minute}:00.000Z`;
  return {
    messageId,
    conversationId: 'c1',
    parentMessageId,
    sender: user ? 'User' : 'GPT-4o',
    text,
    isCreatedByUser: user,
    error: false,
    unfinished: false,
    isEdited: false,
    createdAt: at,
    updatedAt: at,
  };
}

const question = message('q', NO_PARENT, 'Tell me, about "cats"', 1, true);
const first = message('a1', 'q', 'First answer', 2);
const second = message('a2', 'q', 'Second answer\nwith two lines', 3);
const source: ExportSource = {
  conversation,
  all: [question, first, second],
  visible: [question, second],
  exportAt: '2024-02-01T00:00:00.000Z',
};

describe('export rules', () => {
  it('CSV and screenshot cannot include endpoint options; only JSON and CSV export branches', () => {
    expect(allowedOptions('csv')).toEqual({ includeOptions: false, branches: true, recursive: false });
    expect(allowedOptions('screenshot')).toEqual({
      includeOptions: false,
      branches: false,
      recursive: false,
    });
    expect(allowedOptions('json')).toEqual({ includeOptions: true, branches: true, recursive: true });
    expect(allowedOptions('text')).toEqual({ includeOptions: true, branches: false, recursive: false });
    expect(
      effectiveSettings({
        type: 'markdown',
        filename: 'x',
        includeOptions: true,
        branches: true,
        recursive: true,
      }),
    ).toMatchObject({ includeOptions: true, branches: false, recursive: false });
  });

  it('sanitises the file name and adds the extension', () => {
    expect(sanitizeFilename('../etc/passwd')).toBe('_etc_passwd');
    expect(sanitizeFilename('a:b*c?d|e<f>g"h\\i')).toBe('a_b_c_d_e_f_g_h_i');
    expect(sanitizeFilename('   ...  ')).toBe('conversation');
    expect(exportFileName({ type: 'markdown', filename: 'My chat' })).toBe('My chat.md');
  });
});

describe('formatText', () => {
  it('writes the header and the visible thread, options only when asked for', () => {
    const text = formatText(source, { includeOptions: false });
    expect(text).toContain('conversationId: c1\n');
    expect(text).toContain('title: Cats, "dogs" and more\n');
    expect(text).toContain('>> User:\nTell me, about "cats"\n\n>> GPT-4o:\nSecond answer\nwith two lines\n');
    expect(text).not.toContain('First answer');
    expect(text).not.toContain('temperature');
    const withOptions = formatText(source, { includeOptions: true });
    expect(withOptions).toContain('Options\n########################\nmodel: gpt-4o\ntemperature: 0.5\n');
    expect(withOptions).not.toContain('promptPrefix');
  });
});

describe('formatMarkdown', () => {
  it('writes bold senders under a History heading', () => {
    const markdown = formatMarkdown(source, { includeOptions: true });
    expect(markdown.startsWith('# Conversation\n- conversationId: c1\n')).toBe(true);
    expect(markdown).toContain('## Options\n- model: gpt-4o\n- temperature: 0.5\n');
    expect(markdown).toContain('## History\n**User**\nTell me, about "cats"\n\n**GPT-4o**\nSecond answer');
    expect(markdown).not.toContain('First answer');
  });
});

describe('formatJson', () => {
  it('writes a flat (sequential) list of the visible thread without options by default', () => {
    const json: unknown = JSON.parse(
      formatJson(source, { includeOptions: false, branches: false, recursive: false }),
    );
    const parsed = exportedConversationSchema.parse(json);
    expect(parsed.messages.map((m) => m.messageId)).toEqual(['q', 'a2']);
    expect(parsed.options).toBeUndefined();
    expect(parsed).toMatchObject({ branches: false, recursive: false, title: conversation.title });
  });

  it('nests every branch under its parent when recursive, with options when asked for', () => {
    const json: unknown = JSON.parse(
      formatJson(source, { includeOptions: true, branches: true, recursive: true }),
    );
    const parsed = exportedConversationSchema.parse(json);
    expect(parsed.messages).toHaveLength(1);
    expect(parsed.messages[0]?.children?.map((m) => m.messageId)).toEqual(['a1', 'a2']);
    expect(parsed.options).toEqual({ model: 'gpt-4o', temperature: 0.5 });
  });
});

describe('formatCsv', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
  });

  it('writes a header and a row per message, every branch when asked for', () => {
    const visible = formatCsv(source, { branches: false }).split('\r\n');
    expect(visible[0]).toBe(
      'sender,text,isCreatedByUser,error,unfinished,messageId,parentMessageId,createdAt',
    );
    expect(visible).toHaveLength(4);
    expect(visible[1]).toBe(
      `User,"Tell me, about ""cats""",true,false,false,q,${NO_PARENT},2024-01-01T00:01:00.000Z`,
    );
    const all = formatCsv(source, { branches: true });
    expect(all).toContain('First answer');
    expect(all).toContain('"Second answer\nwith two lines"');
  });
});
