import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createUsersService } from './service';

const account = (email: string) => ({ name: 'Someone', email, passwordHash: 'x' });

describeEachEngine('users service', (getDb) => {
  it('makes the first account ADMIN and every later one USER', async () => {
    const users = createUsersService(getDb());
    expect((await users.create(account('a@example.com'))).user.role).toBe('ADMIN');
    expect((await users.create(account('b@example.com'))).user.role).toBe('USER');
  });

  it('gives exactly one ADMIN when the first sign-ups arrive together', async () => {
    const users = createUsersService(getDb());
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) => users.create(account(`u${i}@example.com`))),
    );
    expect(created.filter(({ user }) => user.role === 'ADMIN')).toHaveLength(1);
  });

  it('stores emails lower-cased and finds them in any case', async () => {
    const users = createUsersService(getDb());
    const { user } = await users.create(account('  Mixed.Case@Example.COM '));
    expect(user.email).toBe('mixed.case@example.com');
    expect((await users.findAccountByEmail('MIXED.case@example.com'))?.user.id).toBe(user.id);
  });

  it('refuses a taken email with 409', async () => {
    const users = createUsersService(getDb());
    await users.create(account('taken@example.com'));
    await expect(users.create(account('TAKEN@example.com'))).rejects.toMatchObject({ status: 409 });
  });

  it('answers null for an unknown or malformed id', async () => {
    const users = createUsersService(getDb());
    expect(await users.getById('00000000-0000-0000-0000-000000000001')).toBeNull();
    expect(await users.getById('not-a-uuid')).toBeNull();
  });

  it('finds social accounts by provider id and links providers without replacing the avatar', async () => {
    const users = createUsersService(getDb());
    const social = await users.create({
      ...account('s@example.com'),
      passwordHash: null,
      avatar: 'https://img/one.png',
      social: { provider: 'github', providerId: '42' },
    });
    expect(social.user.provider).toBe('github');
    expect((await users.findAccountByProvider('github', '42'))?.user.id).toBe(social.user.id);
    expect(await users.findAccountByProvider('discord', '42')).toBeNull();

    const linked = await users.linkProvider(social.user.id, {
      provider: 'discord',
      providerId: 'd-1',
      avatar: 'https://img/two.png',
      emailVerified: true,
    });
    expect(linked?.user.avatar).toBe('https://img/one.png');
    expect(linked?.emailVerified).toBe(true);
    expect((await users.findAccountByProvider('discord', 'd-1'))?.user.id).toBe(social.user.id);
  });

  it('replaces the avatar and answers the one it replaced, each concurrent change its own', async () => {
    const users = createUsersService(getDb());
    const { user } = await users.create({ ...account('avatar@example.com'), avatar: 'https://img/a.png' });
    expect(await users.replaceAvatar(user.id, '/b.png')).toBe('https://img/a.png');
    const previous = await Promise.all(
      ['/c.png', '/d.png', '/e.png'].map((url) => users.replaceAvatar(user.id, url)),
    );
    // Replacements form one chain: every avatar but the last was replaced exactly once.
    const final = (await users.getById(user.id))?.avatar;
    expect(new Set([...previous, final])).toEqual(new Set(['/b.png', '/c.png', '/d.png', '/e.png']));
    expect(await users.replaceAvatar('00000000-0000-0000-0000-000000000001', '/x.png')).toBeNull();
    expect(await users.replaceAvatar('not-a-uuid', '/x.png')).toBeNull();
  });
});
