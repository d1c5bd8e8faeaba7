import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarProblem } from './avatar-file';

describe('avatarProblem', () => {
  it('accepts png and jpg up to 2 MB', () => {
    expect(avatarProblem({ name: 'me.png', type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarProblem({ name: 'me.JPG', type: '', size: 10 })).toBeNull();
  });

  it('refuses other types and bigger files', () => {
    expect(avatarProblem({ name: 'me.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(avatarProblem({ name: 'me.png', type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('size');
  });
});
