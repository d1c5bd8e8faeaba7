// Knowledge settings from the environment (API.md "Knowledge"; the embeddings names are rag_api's).
import { z } from 'zod';
import { ConfigError, describeFirstIssue } from '../config/config-error';
import type { Env } from '../config/env';

export type EmbeddingsSettings =
  | { provider: 'none' }
  | { provider: 'openai'; model: string; apiKey: string; baseURL: string | undefined }
  | { provider: 'azure'; model: string; apiKey: string; endpoint: string; apiVersion: string }
  | { provider: 'ollama'; model: string; baseURL: string };

export interface KnowledgeSettings {
  chunkSize: number;
  chunkOverlap: number;
  embeddings: EmbeddingsSettings;
}

const count = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? String(fallback) : value))
    .pipe(z.coerce.number<string>().int().positive());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const knowledgeEnvSchema = z.object({
  CHUNK_SIZE: count(1500),
  CHUNK_OVERLAP: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? '100' : value))
    .pipe(z.coerce.number<string>().int().nonnegative()),
  EMBEDDINGS_PROVIDER: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.enum(['openai', 'azure', 'ollama', 'none']).optional()),
  EMBEDDINGS_MODEL: optionalText,
  RAG_OPENAI_API_KEY: optionalText,
  RAG_OPENAI_BASEURL: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_REVERSE_PROXY: optionalText,
  RAG_AZURE_OPENAI_API_KEY: optionalText,
  RAG_AZURE_OPENAI_ENDPOINT: optionalText,
  RAG_AZURE_OPENAI_API_VERSION: optionalText,
  OLLAMA_BASE_URL: optionalText,
});

/** A key the server itself holds (`user_provided` means each user brings theirs, which embeddings cannot use). */
const serverKey = (value: string | undefined): string | undefined =>
  value === undefined || value === 'user_provided' ? undefined : value;

function required(name: string, value: string | undefined): string {
  if (value === undefined)
    throw new ConfigError(`Invalid environment: ${name} is required by EMBEDDINGS_PROVIDER`);
  return value;
}

export function knowledgeSettings(env: Env): KnowledgeSettings {
  const parsed = knowledgeEnvSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid environment: ${describeFirstIssue(parsed.error)}`);
  const vars = parsed.data;
  if (vars.CHUNK_OVERLAP >= vars.CHUNK_SIZE) {
    throw new ConfigError('Invalid environment: CHUNK_OVERLAP must be smaller than CHUNK_SIZE');
  }
  const openaiKey = serverKey(vars.RAG_OPENAI_API_KEY) ?? serverKey(vars.OPENAI_API_KEY);
  const provider = vars.EMBEDDINGS_PROVIDER ?? (openaiKey ? 'openai' : 'none');
  const chunking = { chunkSize: vars.CHUNK_SIZE, chunkOverlap: vars.CHUNK_OVERLAP };
  switch (provider) {
    case 'none':
      return { ...chunking, embeddings: { provider } };
    case 'openai':
      return {
        ...chunking,
        embeddings: {
          provider,
          model: vars.EMBEDDINGS_MODEL ?? 'text-embedding-3-small',
          apiKey: required('RAG_OPENAI_API_KEY', openaiKey),
          // With the chat endpoint's key comes the chat endpoint's proxy, where that key works.
          baseURL:
            vars.RAG_OPENAI_BASEURL ??
            (serverKey(vars.RAG_OPENAI_API_KEY) ? undefined : serverKey(vars.OPENAI_REVERSE_PROXY)),
        },
      };
    case 'azure':
      return {
        ...chunking,
        embeddings: {
          provider,
          model: vars.EMBEDDINGS_MODEL ?? 'text-embedding-3-small',
          apiKey: required('RAG_AZURE_OPENAI_API_KEY', vars.RAG_AZURE_OPENAI_API_KEY),
          endpoint: required('RAG_AZURE_OPENAI_ENDPOINT', vars.RAG_AZURE_OPENAI_ENDPOINT),
          apiVersion: vars.RAG_AZURE_OPENAI_API_VERSION ?? '2024-10-21',
        },
      };
    case 'ollama':
      return {
        ...chunking,
        embeddings: {
          provider,
          model: vars.EMBEDDINGS_MODEL ?? 'nomic-embed-text',
          baseURL: vars.OLLAMA_BASE_URL ?? 'http://localhost:11434',
        },
      };
  }
}
