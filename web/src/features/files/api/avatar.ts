import { paths } from '@parley/shared/api/paths';
import { avatarUploadResponseSchema } from '@parley/shared/schemas/file';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/files/images/avatar`: multipart `input` plus `manual=true` makes it the user's avatar. */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('input', file);
  form.append('manual', 'true');
  const { url } = await apiPost(paths.filesAvatar, form, avatarUploadResponseSchema);
  return url;
}
