import { useTranslation } from 'react-i18next';
import { useT } from '../../../lib/use-t';
import { parseImagesNotSeen, type ImagesNotSeen } from '@parley/shared/messages/images-not-seen';
import type { ContentPart } from '@parley/shared/schemas/message';
import { splitBingEmbeds } from '../../../lib/markdown/bing-embed';
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
  const t = useT();
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
            if (!streaming && part.text.includes('<iframe')) {
              return <TextWithEmbeds key={index} text={part.text} latex={latex} defer={deferMarkdown} />;
            }
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
          case 'error': {
            const notice = parseImagesNotSeen(part.error);
            if (notice) return <ImagesNotSeenNotice key={index} notice={notice} />;
            return (
              <p
                key={index}
                className="my-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
              >
                {part.error}
              </p>
            );
          }
        }
      })}
      {(waiting || afterTool) && <ThinkingDots label={t('com_ui_thinking')} />}
    </>
  );
}

/** "a.png, b.png and c.png" in the user's language (a language tag Intl does not know: commas). */
function listOf(items: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** An assistant's reply made without seeing the message's images says so first, and why. */
function ImagesNotSeenNotice({ notice }: { notice: ImagesNotSeen }) {
  const { t, i18n } = useTranslation();
  const files = listOf(notice.files, i18n.language);
  return (
    <p
      role="note"
      className="my-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {notice.reason === 'assistant'
        ? t('com_ui_images_not_seen_assistant', { files, capability: t('com_assistants_image_vision') })
        : t('com_ui_images_not_seen_server', { files })}
    </p>
  );
}

/**
 * A finished reply holding HTML blocks: Bing's Image Creator embeds that pass SPEC §5's rule render as an
 * iframe; anything else stays text (Markdown shows raw HTML as text).
 */
function TextWithEmbeds({ text, latex, defer }: { text: string; latex: boolean; defer: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {splitBingEmbeds(text).map((segment, index) =>
        segment.kind === 'embed' ? (
          <iframe
            key={index}
            role="presentation"
            src={segment.src}
            title={t('com_ui_bing_image_creator')}
            loading="lazy"
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-popups"
            className="my-2 h-[520px] w-full max-w-2xl rounded-xl border border-neutral-200 bg-white dark:border-neutral-700"
          />
        ) : (
          <div key={index} className={prose}>
            <LazyMarkdown text={segment.text} latex={latex} defer={defer} />
          </div>
        ),
      )}
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
