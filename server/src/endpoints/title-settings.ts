import type { ResolvedCredentials } from './resolved-credentials';

/** The YAML title options that are set, for the chat engine. */
export function titleSettings(source: {
  titleConvo: boolean | undefined;
  titleModel: string | undefined;
}): Pick<ResolvedCredentials, 'titleConvo' | 'titleModel'> {
  return {
    ...(source.titleConvo !== undefined ? { titleConvo: source.titleConvo } : {}),
    ...(source.titleModel ? { titleModel: source.titleModel } : {}),
  };
}
