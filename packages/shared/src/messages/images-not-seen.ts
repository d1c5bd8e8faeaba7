// The notice an assistants reply starts with when the message carried images its model was not shown
// (docs/decisions.md "An assistant without Image vision says so"). It travels as SPEC §3's `error` content
// part whose text is JSON (SPEC §8: "its code or type picks the wording"), so every client can word it in
// the user's language and an older one still shows `message`.
import { z } from 'zod';
import type { ContentPart } from '../schemas/message';

export const IMAGES_NOT_SEEN = 'images_not_seen';

export const imagesNotSeenSchema = z.object({
  type: z.literal(IMAGES_NOT_SEEN),
  /** `assistant`: its Image vision is off; `server`: the capability or the provider cannot see images. */
  reason: z.enum(['assistant', 'server']),
  /** The images' file names, in the message's order. */
  files: z.array(z.string()),
  /** The notice in English, for clients that do not know the type. */
  message: z.string(),
});
export type ImagesNotSeen = z.infer<typeof imagesNotSeenSchema>;

function englishText(reason: ImagesNotSeen['reason'], files: readonly string[]): string {
  const names = files.join(', ');
  return reason === 'assistant'
    ? `This assistant cannot see images (Image vision is off), so the model was not shown: ${names}.`
    : `The model cannot see images on this server, so it was not shown: ${names}.`;
}

/** The reply's leading part saying which images the model did not see, and why. */
export function imagesNotSeenPart(reason: ImagesNotSeen['reason'], files: readonly string[]): ContentPart {
  const notice: ImagesNotSeen = {
    type: IMAGES_NOT_SEEN,
    reason,
    files: [...files],
    message: englishText(reason, files),
  };
  return { type: 'error', error: JSON.stringify(notice) };
}

/** The notice an `error` part's text holds, or null for any other error text. */
export function parseImagesNotSeen(text: string): ImagesNotSeen | null {
  if (!text.startsWith('{')) return null;
  try {
    const parsed = imagesNotSeenSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
