// `ctx.saveFile` of image tools: the files service keeps the image as the user's file (context
// `image_generation`); a refusal (not an image, storage down) becomes a ToolError the model and user read.
import type { FilesService } from '../files/service';
import { AppError } from '../lib/errors';
import { ToolError, type GeneratedFile, type SavedToolFile } from './tool';

export async function saveGeneratedFile(
  files: Pick<FilesService, 'saveGenerated'>,
  userId: string,
  file: GeneratedFile,
): Promise<SavedToolFile> {
  try {
    const saved = await files.saveGenerated(userId, { bytes: file.bytes, filename: file.filename });
    return {
      file_id: saved.file_id,
      filepath: saved.filepath,
      ...(saved.width === null || saved.width === undefined ? {} : { width: saved.width }),
      ...(saved.height === null || saved.height === undefined ? {} : { height: saved.height }),
    };
  } catch (error) {
    if (error instanceof AppError)
      throw new ToolError(`The image could not be saved: ${error.message}`, { cause: error });
    throw error;
  }
}
