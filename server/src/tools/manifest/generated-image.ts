// What image tools share: a vendor's base64 image checked and saved as the user's file through
// `ctx.saveFile` (context `image_generation`), answered as a file for an `image_file` part.
import { sniffImageType } from '@parley/shared/files/sniff-image-type';
import { ToolError, type SavedToolFile, type ToolContext } from '../tool';

/** What the model is told once the image is shown: the user sees it, no link to repeat. */
export const IMAGE_SHOWN =
  'The image was generated and is shown to the user below your message. Do not include a link or markdown ' +
  'image for it; describe it briefly if useful.';

export async function saveBase64Image(
  ctx: ToolContext,
  base64: string,
  vendor: string,
  name: string,
): Promise<SavedToolFile> {
  if (!ctx.saveFile) throw new ToolError('Generated images cannot be saved here.');
  const bytes = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
  const type = sniffImageType(bytes.subarray(0, 64));
  if (bytes.length === 0 || type === undefined) {
    throw new ToolError(`${vendor} answered an image Parley cannot read.`);
  }
  if (ctx.signal.aborted) throw new ToolError('Stopped.');
  const extension = type === 'image/jpeg' ? 'jpg' : type.slice('image/'.length);
  return ctx.saveFile({ bytes, filename: `${name}.${extension}`, mimeType: type });
}
