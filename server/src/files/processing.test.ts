import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { PROCESSING_FAILED, processing } from './service';

describe('an upload step that reads, converts or indexes a file (SPEC §8)', () => {
  it('answers SPEC’s processing text when the step fails for a reason of the server’s own', async () => {
    const failed = processing(() => Promise.reject(new Error('extraction worker exited')));
    await expect(failed).rejects.toMatchObject({
      status: 500,
      message: 'An error occurred while processing the file.',
      code: 'file_processing',
    });
    expect(PROCESSING_FAILED).toBe('An error occurred while processing the file.');
  });

  it('keeps a refusal the step made itself, and the result of one that worked', async () => {
    const refusal = new AppError(400, 'The file is not an image.');
    await expect(processing(() => Promise.reject(refusal))).rejects.toBe(refusal);
    await expect(processing(() => Promise.resolve(42))).resolves.toBe(42);
  });
});
