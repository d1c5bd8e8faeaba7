import { useTranslation } from 'react-i18next';
import type { ContentPart } from '@parley/shared/schemas/message';
import { LazyMarkdown } from '../../../lib/markdown/lazy-markdown';
import { MessageFilesOutlet } from './message-files-slot';
import { ToolCallPart } from './tool-call-part';

const prose =
  'prose prose-neutral max-w-none break-words text-[15px] leading-relaxed dark:prose-invert prose-pre:p-0 prose-code:before:content-none prose-code:after:content-none';

/**
 * A reply's parts in order (API.md "Tools"): text as Markdown, tool calls that open to their input and
 * output, generated images inline. While streaming, the last text part carries the cursor; after a finished
 * tool call the dots say the model is at work again.
 */
export function ContentParts({
  content,
  streaming,
  latex,
  deferMarkdown,
}: {
  content: readonly ContentPart[];
  streaming: boolean;
  latex: boolean;
  deferMarkdown: boolean;
}) {
  const { t } = useTranslation();
  const last = content.length - 1;
  const lastPart = content[last];
  const waiting = streaming && lastPart?.type !== 'text' && lastPart?.type !== 'tool_call';
  const afterTool = streaming && lastPart?.type === 'tool_call' && (lastPart.tool_call.progress ?? 0) >= 1;
  return (
    <>
      {content.map((part, index) => {
        switch (part.type) {
          case 'text':
            if (part.text === '') return null;
            return (
              <div
                key={index}
                className={`${prose} ${streaming && index === last ? 'streaming-cursor' : ''}`}
              >
                <LazyMarkdown text={part.text} latex={latex} defer={deferMarkdown && !streaming} />
              </div>
            );
          case 'tool_call':
            return <ToolCallPart key={part.tool_call.id || index} call={part.tool_call} />;
          case 'image_file':
            return (
              <div key={index} className="my-2">
                <MessageFilesOutlet
                  files={[
                    {
                      file_id: part.image_file.file_id,
                      filepath: part.image_file.filepath,
                      type: 'image/*',
                      width: part.image_file.width,
                      height: part.image_file.height,
                      filename: t('com_ui_generated_image'),
                    },
                  ]}
                />
              </div>
            );
          case 'error':
            return (
              <p
                key={index}
                className="my-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
              >
                {part.error}
              </p>
            );
        }
      })}
      {(waiting || afterTool) && <ThinkingDots label={t('com_ui_thinking')} />}
    </>
  );
}

export function ThinkingDots({ label }: { label: string }) {
  return (
    <div role="status" className="flex h-7 items-center gap-1" aria-label={label}>
      <span className="thinking-dot" />
      <span className="thinking-dot [animation-delay:150ms]" />
      <span className="thinking-dot [animation-delay:300ms]" />
    </div>
  );
}
