import type { ResolvedCredentials } from './resolved-credentials';

/** The YAML title options that are set, for the chat engine (`structured` is LibreChat's later `functions`). */
export function titleSettings(source: {
  titleConvo: boolean | undefined;
  titleModel: string | undefined;
  titleMethod?: 'completion' | 'functions' | 'structured' | undefined;
}): Pick<ResolvedCredentials, 'titleConvo' | 'titleModel' | 'titleMethod'> {
  const method = source.titleMethod === 'structured' ? 'functions' : source.titleMethod;
  return {
    ...(source.titleConvo !== undefined ? { titleConvo: source.titleConvo } : {}),
    ...(source.titleModel ? { titleModel: source.titleModel } : {}),
    ...(method ? { titleMethod: method } : {}),
  };
}
