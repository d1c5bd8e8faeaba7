// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@parley/shared/schemas/user';
import { useAuthStore } from '../../features/auth/store';
import { useTemplateStore } from './template-store';

const user = { id: 'u1', name: 'Ada', email: 'ada@example.com' } as User;

beforeEach(() => {
  useAuthStore.setState({ token: null, user: null });
  useTemplateStore.setState({ overrides: {}, stored: null, lastModels: {} });
});

describe('template store and the session (issue 23: signing in again)', () => {
  it('forgets the setups chosen in memory when the session ends', () => {
    useAuthStore.getState().setSession({ token: 't', user });
    useTemplateStore.getState().setSetup('new', { endpoint: 'assistants', model: 'gpt-4o-mini' });
    expect(useTemplateStore.getState().overrides.new?.endpoint).toBe('assistants');
    useAuthStore.getState().clearSession();
    expect(useTemplateStore.getState()).toMatchObject({ overrides: {}, stored: null, lastModels: {} });
  });

  it('keeps them when the session is refreshed', () => {
    useAuthStore.getState().setSession({ token: 't', user });
    useTemplateStore.getState().setSetup('new', { endpoint: 'assistants', model: 'gpt-4o-mini' });
    useAuthStore.getState().setSession({ token: 't2', user });
    expect(useTemplateStore.getState().overrides.new?.endpoint).toBe('assistants');
  });
});
