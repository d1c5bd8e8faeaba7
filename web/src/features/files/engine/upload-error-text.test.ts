// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import '../../../test/render';
import { ApiError } from '../../../lib/api-client';
import { uploadErrorText } from './add-files';

describe('a failed upload’s text (issue 27, SPEC §8)', () => {
  it('is SPEC’s processing text when the server could not read, convert or index the file', () => {
    const failed = new ApiError({
      status: 500,
      message: 'An error occurred while processing the file.',
      code: 'file_processing',
    });
    expect(uploadErrorText(failed)).toBe('An error occurred while processing the file.');
  });

  it('is the server’s refusal, else the upload text', () => {
    expect(uploadErrorText(new ApiError({ status: 413, message: 'The file is too large.' }))).toBe(
      'The file is too large.',
    );
    expect(uploadErrorText(new ApiError({ status: 0, message: 'Unable to reach the server.' }))).toBe(
      'An error occurred while uploading the file.',
    );
    expect(uploadErrorText(new Error('boom'))).toBe('An error occurred while uploading the file.');
  });
});
