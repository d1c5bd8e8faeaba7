// Assistants (API.md "Assistants and actions"): the caller's own, created, listed, read, changed and
// deleted; another user's id is a 404 like an unknown one. Its knowledge files and avatar are the caller's
// files.
import type {
  Assistant,
  AssistantCreateBody,
  AssistantDocument,
  AssistantList,
  AssistantListQuery,
  AssistantUpdateBody,
} from '@parley/shared/schemas/assistant';
import type { Plugin } from '@parley/shared/schemas/plugin';
import { PLUGIN_STORE_KEY } from '@parley/shared/schemas/plugin';
import type { Db } from '../db/client';
import type { AssistantRow } from '../db/schema';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { UploadedFile } from '../files/read-upload';
import { newId } from './ids';
import { presentAssistant, presentDocument, toolsOf } from './present';
import {
  deleteAssistant,
  findAssistant,
  insertAssistant,
  listAllAssistants,
  listAssistants,
  listUserActions,
  updateAssistant,
} from './repo';
import { idFilter, isAllowedId, type AssistantsSettings } from './settings';
import { resolveTools, withKnowledgeRetrieval, type ToolCatalog } from './tool-defs';

export const ASSISTANT_NOT_FOUND = 'Assistant not found';
export const BUILDER_DISABLED = 'The assistant builder is disabled on this server';

/** What the assistants feature needs of the files feature. */
export interface AssistantFilesPort {
  /** The caller's own ids among `fileIds` (others' and unknown ones left out). */
  ownFileIds(userId: string, fileIds: readonly string[]): Promise<string[]>;
  storeAssistantAvatar(userId: string, file: UploadedFile): Promise<{ fileId: string; url: string }>;
  deleteFiles(userId: string, fileIds: readonly string[]): Promise<unknown>;
  /** The link maker of the user's own files (signed links expire and are bound to their owner). */
  linksOf(userId: string): Promise<(fileId: string) => string>;
}

export interface AssistantToolsPort extends ToolCatalog {
  listPlugins(userId: string): Promise<Plugin[]>;
}

export interface AssistantsServiceDeps {
  db: Db;
  settings: AssistantsSettings;
  files: AssistantFilesPort;
  tools: AssistantToolsPort;
}

export interface AssistantsService {
  readonly settings: AssistantsSettings;
  list(userId: string, query: AssistantListQuery): Promise<AssistantList>;
  get(userId: string, id: string): Promise<Assistant>;
  /** The stored row (for runs and actions); 404 for anyone else's or an unknown or hidden id. */
  getRow(userId: string, id: string): Promise<AssistantRow>;
  create(userId: string, body: AssistantCreateBody): Promise<Assistant>;
  update(userId: string, id: string, body: AssistantUpdateBody): Promise<Assistant>;
  remove(userId: string, id: string): Promise<{ id: string; object: 'assistant.deleted'; deleted: true }>;
  setAvatar(userId: string, id: string, file: UploadedFile): Promise<Assistant>;
  documents(userId: string): Promise<AssistantDocument[]>;
  tools(userId: string): Promise<Plugin[]>;
  /**
   * Knowledge: adds (or removes) one of the caller's files to (from) the assistant's `file_ids`; a document
   * added turns the assistant's retrieval on when its model may retrieve (`withKnowledgeRetrieval`).
   */
  addFile(userId: string, id: string, file: { fileId: string; type: string }): Promise<void>;
  removeFiles(userId: string, id: string, fileIds: readonly string[]): Promise<void>;
  present(row: AssistantRow): Promise<Assistant>;
}

export function createAssistantsService(deps: AssistantsServiceDeps): AssistantsService {
  const { db, settings, files, tools } = deps;
  const present = async (row: AssistantRow) => presentAssistant(row, await files.linksOf(row.userId));

  const assertBuilder = () => {
    if (settings.disableBuilder) throw new AppError(403, BUILDER_DISABLED);
  };

  async function getRow(userId: string, id: string): Promise<AssistantRow> {
    const row = await findAssistant(db, userId, id);
    if (!row || !isAllowedId(settings, row.id)) throw notFound(ASSISTANT_NOT_FOUND);
    return row;
  }

  async function cursorRow(userId: string, id: string | undefined, field: 'after' | 'before') {
    if (id === undefined || id === '') return undefined;
    const row = await findAssistant(db, userId, id);
    if (!row) throw badRequest(`${field}: no such assistant`, { [field]: 'no such assistant' });
    return row;
  }

  return {
    settings,
    present,
    getRow,

    async list(userId, query) {
      const after = await cursorRow(userId, query.after, 'after');
      const before = await cursorRow(userId, query.before, 'before');
      const rows = await listAssistants(db, userId, {
        limit: query.limit,
        order: query.order,
        after,
        before,
        ids: idFilter(settings),
      });
      const hasMore = rows.length > query.limit;
      const linkOf = await files.linksOf(userId);
      const data = rows.slice(0, query.limit).map((row) => presentAssistant(row, linkOf));
      return {
        object: 'list',
        data,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
        has_more: hasMore,
      };
    },

    async get(userId, id) {
      return present(await getRow(userId, id));
    },

    async create(userId, body) {
      assertBuilder();
      const resolved = resolveTools({
        tools: body.tools ?? [],
        current: [],
        model: body.model,
        settings,
        catalog: tools,
      });
      const row = await insertAssistant(db, {
        id: newId('asst'),
        userId,
        model: body.model,
        name: body.name ?? null,
        description: body.description ?? null,
        instructions: body.instructions ?? null,
        tools: resolved,
        fileIds: await files.ownFileIds(userId, body.file_ids ?? []),
        metadata: body.metadata ?? {},
      });
      return present(row);
    },

    async update(userId, id, body) {
      assertBuilder();
      const row = await getRow(userId, id);
      const model = body.model ?? row.model;
      const values: Parameters<typeof updateAssistant>[3] = {};
      if (body.model !== undefined) values.model = body.model;
      if (body.name !== undefined) values.name = body.name;
      if (body.description !== undefined) values.description = body.description;
      if (body.instructions !== undefined) values.instructions = body.instructions;
      if (body.metadata !== undefined) values.metadata = { ...row.metadata, ...(body.metadata ?? {}) };
      if (body.file_ids !== undefined) values.fileIds = await files.ownFileIds(userId, body.file_ids ?? []);
      if (body.tools !== undefined || body.model !== undefined) {
        const current = toolsOf(row);
        values.tools = resolveTools({
          tools: body.tools ?? current,
          current,
          model,
          settings,
          catalog: tools,
        });
      }
      if (Object.keys(values).length === 0) return present(row);
      const updated = await updateAssistant(db, userId, id, values);
      if (!updated) throw notFound(ASSISTANT_NOT_FOUND);
      return present(updated);
    },

    async remove(userId, id) {
      assertBuilder();
      // One the YAML hides is not there for its owner either.
      if (!isAllowedId(settings, id)) throw notFound(ASSISTANT_NOT_FOUND);
      const row = await deleteAssistant(db, userId, id);
      if (!row) throw notFound(ASSISTANT_NOT_FOUND);
      if (row.avatarFileId) await files.deleteFiles(userId, [row.avatarFileId]).catch(() => undefined);
      return { id: row.id, object: 'assistant.deleted', deleted: true };
    },

    async setAvatar(userId, id, file) {
      assertBuilder();
      const row = await getRow(userId, id);
      const avatar = await files.storeAssistantAvatar(userId, file);
      const updated = await updateAssistant(db, userId, id, { avatarFileId: avatar.fileId });
      if (!updated) {
        await files.deleteFiles(userId, [avatar.fileId]).catch(() => undefined);
        throw notFound(ASSISTANT_NOT_FOUND);
      }
      if (row.avatarFileId && row.avatarFileId !== avatar.fileId) {
        await files.deleteFiles(userId, [row.avatarFileId]).catch(() => undefined);
      }
      return present(updated);
    },

    async documents(userId) {
      const [rows, actions] = await Promise.all([listAllAssistants(db, userId), listUserActions(db, userId)]);
      const linkOf = await files.linksOf(userId);
      return rows
        .filter((row) => isAllowedId(settings, row.id))
        .map((row) => presentDocument(row, actions, linkOf));
    },

    async tools(userId) {
      return (await tools.listPlugins(userId)).filter((plugin) => plugin.pluginKey !== PLUGIN_STORE_KEY);
    },

    async addFile(userId, id, { fileId, type }) {
      const row = await getRow(userId, id);
      if (row.fileIds.includes(fileId)) return;
      const tools = withKnowledgeRetrieval(toolsOf(row), { model: row.model, type, settings });
      await updateAssistant(db, userId, id, {
        fileIds: [...row.fileIds, fileId],
        ...(tools ? { tools } : {}),
      });
    },

    async removeFiles(userId, id, fileIds) {
      const row = await getRow(userId, id);
      const gone = new Set(fileIds.map((fileId) => fileId.toLowerCase()));
      const kept = row.fileIds.filter((fileId) => !gone.has(fileId.toLowerCase()));
      if (kept.length !== row.fileIds.length) await updateAssistant(db, userId, id, { fileIds: kept });
    },
  };
}
