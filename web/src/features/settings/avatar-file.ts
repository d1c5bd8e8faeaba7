/** SPEC §5 Avatar: a .png or .jpg image of at most 2 MB (1 MB = 1,048,576 bytes). */
export const AVATAR_MAX_BYTES = 2 * 1_048_576;

export function avatarProblem(file: { name: string; type: string; size: number }): 'type' | 'size' | null {
  const typeOk = ['image/png', 'image/jpeg'].includes(file.type) || /\.(png|jpe?g)$/i.test(file.name);
  if (!typeOk) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}
