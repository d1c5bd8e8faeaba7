import type { SocialProvider } from '../constants';

/** Every HTTP path of the API (SPEC §7), shared by server routes and the web client. */
export const paths = {
  config: '/api/config',
  health: '/health',

  authLogin: '/api/auth/login',
  authRegister: '/api/auth/register',
  authRefresh: '/api/auth/refresh',
  authLogout: '/api/auth/logout',
  authRequestPasswordReset: '/api/auth/requestPasswordReset',
  authResetPassword: '/api/auth/resetPassword',
  /** POST `{currentPassword, password, confirm_password}`: changes the password, signs out other sessions. */
  authPassword: '/api/auth/password',
  /** POST: signs out every session of the user but this one → `{revoked}`. */
  authRevokeOtherSessions: '/api/auth/sessions/revoke-others',
  /** GET the caller's two-factor state `{enabled, backupCodesLeft}` (API.md "Two-factor sign-in"). */
  twoFactor: '/api/auth/2fa',
  twoFactorEnable: '/api/auth/2fa/enable',
  twoFactorConfirm: '/api/auth/2fa/confirm',
  twoFactorDisable: '/api/auth/2fa/disable',
  twoFactorRegenerateBackupCodes: '/api/auth/2fa/backup/regenerate',
  /** The sign-in's second step: `{tempToken, token?|backupCode?}` → `{token, user}` + refresh cookie. */
  twoFactorVerifyTemp: '/api/auth/2fa/verify-temp',
  /** DELETE: an administrator turns a user's two-factor sign-in off. */
  adminUserTwoFactor: '/api/admin/users/:id/2fa',
  /** Route patterns of social login; the browser navigates to `oauthLoginPath(provider)`. */
  oauthLogin: '/oauth/:provider',
  oauthCallback: '/oauth/:provider/callback',

  user: '/api/user',

  /** GET `?pageNumber=N`. */
  convos: '/api/convos',
  convo: '/api/convos/:conversationId',
  convosUpdate: '/api/convos/update',
  convosClear: '/api/convos/clear',
  convosGenTitle: '/api/convos/gen_title',
  /** POST a ChatGPT, LibreChat or Parley JSON export (up to 50 MB) → `{format, imported, failed, …}`. */
  convosImport: '/api/convos/import',
  /** GET every conversation with all its messages as one Parley export file (streamed). */
  convosExport: '/api/convos/export',
  /** POST `{conversationId, messageId, option, splitAtTarget?}` → `{conversation, messages}`: a fork. */
  convosFork: '/api/convos/fork',
  /** POST `{conversationId}` → `{conversation, messages}`: a copy of the whole conversation. */
  convosDuplicate: '/api/convos/duplicate',
  /** POST `{}` → `{archivedCount}`: archives every listed conversation of the caller (Settings "Archive all"). */
  convosArchiveAll: '/api/convos/archive_all',
  /** GET the caller's tags `[{tag, description, count, position}]`; POST `{tag, description?}` → `201`. */
  tags: '/api/tags',
  /** PUT `{tag?, description?, position?}` (rename applies to every conversation); DELETE. */
  tag: '/api/tags/:tag',
  /** PUT `{tags}`: the conversation's whole tag list (missing tags are created). */
  tagsConvo: '/api/tags/convo/:conversationId',
  /** GET every message of a conversation (all branches). */
  messages: '/api/messages/:conversationId',
  /** PUT `{text, model?}`: a plain edit. */
  message: '/api/messages/:conversationId/:messageId',
  tokenizer: '/api/tokenizer',
  /** GET → `true|false`. */
  searchEnable: '/api/search/enable',
  /** GET `?q=…&pageNumber=N`. */
  search: '/api/search',
  /** GET the caller's presets; POST to create or update one. */
  presets: '/api/presets',
  /** POST `{presetId?}`: one preset, or all when absent. */
  presetsDelete: '/api/presets/delete',
  balance: '/api/balance',

  endpoints: '/api/endpoints',
  endpointsOverride: '/api/endpoints/config/override',
  models: '/api/models',
  /** PUT `{name, value, expiresAt}`; GET `?name=X`; DELETE `?all=true`. */
  keys: '/api/keys',
  /** DELETE one key by name. */
  keyByName: '/api/keys/:name',

  /** GET the caller's files; POST a multipart upload (documents); DELETE `{files: [{file_id}]}`. */
  files: '/api/files',
  /** GET the merged file limits (`fileConfigSchema`). */
  filesConfig: '/api/files/config',
  /** GET `{used, limit}`: bytes of the caller's files and the per-user storage limit. */
  filesUsage: '/api/files/usage',
  /** POST a multipart image upload (resized, converted to the configured image type). */
  filesImages: '/api/files/images',
  /** POST a multipart avatar (`input` field, `manual=true` makes it the user's avatar) → `{url}`. */
  filesAvatar: '/api/files/images/avatar',
  /** GET one of the caller's files as an attachment, with an `x-file-metadata` JSON header. */
  filesDownload: '/api/files/download/:userId/:fileId',
  /** GET a file's bytes through the signed link its `filepath` holds (`?sig=…`); 404 without a valid one. */
  filesContent: '/api/files/content/:fileId',

  /** GET the plugin store entry, then every tool with the caller's `authenticated`. */
  plugins: '/api/plugins',
  /** POST `{pluginKey, action: "install"|"uninstall", auth?}` → the updated user. */
  userPlugins: '/api/user/plugins',

  /** GET `?limit&order&after&before` the caller's assistants; POST creates one (`201`). */
  assistants: '/api/assistants',
  /** GET the plugins usable by assistants. */
  assistantsTools: '/api/assistants/tools',
  /** GET `[{assistant_id, avatar?, actions}]` of the caller's assistants. */
  assistantsDocuments: '/api/assistants/documents',
  /** GET the caller's actions, secrets stripped. */
  assistantsActions: '/api/assistants/actions',
  /** POST `{action_id?, metadata, model}` → `[assistantDoc, assistant, action]`. */
  assistantActions: '/api/assistants/actions/:assistant_id',
  /** DELETE one action and the assistant's functions of its domain. */
  assistantAction: '/api/assistants/actions/:assistant_id/:action_id/:model',
  /** POST multipart `file` (+ `metadata` JSON) `?model=` → `201` the assistant with `metadata.avatar`. */
  assistantAvatar: '/api/assistants/avatar/:assistant_id',
  /** POST: a run of an assistant, streamed like chat. */
  assistantsChat: '/api/assistants/chat',
  /** POST `{abortKey: "<conversationId>:<latest message id>"}`. */
  assistantsChatAbort: '/api/assistants/chat/abort',
  /** GET, PATCH, DELETE `?model=` one of the caller's assistants. */
  assistant: '/api/assistants/:id',

  /** GET `?cursor=` the caller's share links. */
  shares: '/api/share',
  // `:id` is the conversation's id when POSTed, a share's otherwise (the router keeps one name per position).
  /** POST `{targetMessageId?, visibility?, expiresIn?}` → `201` a snapshot link of the caller's conversation. */
  shareCreate: '/api/share/:id',
  /** GET the shared snapshot (no token when public); PATCH `{refresh?, visibility?, expiresIn?}`; DELETE. */
  share: '/api/share/:id',
  /** GET `{shareId|null}`: the caller's newest link of a conversation. */
  shareOfConversation: '/api/share/link/:conversationId',
  /** POST → `{conversationId}`: a personal copy of the shared snapshot. */
  shareCopy: '/api/share/:id/copy',
  /** GET a file copied into a share, through the signed link the snapshot holds (`?exp=…&sig=…`). */
  shareFile: '/api/share/:id/files/:fileId',
} as const;

/** Where a social login button sends the browser (prefix it with the startup config's `serverDomain`). */
export const oauthLoginPath = (provider: SocialProvider): string => `/oauth/${provider}`;
