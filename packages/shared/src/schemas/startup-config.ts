import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../constants';

export const externalLinkSchema = z.object({
  externalUrl: z.string().optional(),
  openNewTab: z.boolean().optional(),
});

/** Interface flags (SPEC §3, §6); every toggle defaults to on. */
export const interfaceConfigSchema = z.object({
  endpointsMenu: z.boolean(),
  modelSelect: z.boolean(),
  parameters: z.boolean(),
  presets: z.boolean(),
  sidePanel: z.boolean(),
  privacyPolicy: externalLinkSchema.optional(),
  termsOfService: externalLinkSchema.optional(),
});
export type InterfaceConfig = z.infer<typeof interfaceConfigSchema>;

export const modelSpecAuthTypes = ['override_auth', 'user_provided', 'SYSTEM_DEFINED'] as const;

export const modelSpecSchema = z.object({
  name: z.string().min(1),
  label: z.string().min(1),
  preset: z.record(z.string(), z.unknown()).and(z.object({ endpoint: z.string().min(1) })),
  order: z.number().optional(),
  default: z.boolean().optional(),
  description: z.string().optional(),
  showIconInMenu: z.boolean().optional(),
  showIconInHeader: z.boolean().optional(),
  iconURL: z.string().optional(),
  authType: z.enum(modelSpecAuthTypes).optional(),
});
export type ModelSpec = z.infer<typeof modelSpecSchema>;

export const modelSpecsSchema = z.object({
  enforce: z.boolean(),
  prioritize: z.boolean(),
  list: z.array(modelSpecSchema),
});
export type ModelSpecs = z.infer<typeof modelSpecsSchema>;

/** `GET /api/config` (SPEC §3 "Startup config"). */
export const startupConfigSchema = z.object({
  appTitle: z.string(),
  customFooter: z.string().optional(),
  checkBalance: z.boolean(),
  helpAndFaqURL: z.string(),
  interface: interfaceConfigSchema,
  modelSpecs: modelSpecsSchema.optional(),
  socialLogins: z.array(z.enum(SOCIAL_PROVIDERS)),
  googleLoginEnabled: z.boolean(),
  facebookLoginEnabled: z.boolean(),
  githubLoginEnabled: z.boolean(),
  discordLoginEnabled: z.boolean(),
  openidLoginEnabled: z.boolean(),
  openidLabel: z.string(),
  openidImageUrl: z.string().optional(),
  serverDomain: z.string(),
  emailLoginEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  socialLoginEnabled: z.boolean(),
  emailEnabled: z.boolean(),
  /** Whether "Forgot password?" sends a reset link (email configured and `ALLOW_PASSWORD_RESET` not false). */
  passwordResetEnabled: z.boolean(),
  showBirthdayIcon: z.boolean(),
  /** Share links (`ALLOW_SHARED_LINKS`); absent from older servers: on. */
  sharedLinksEnabled: z.boolean().optional(),
  /** Links anyone may open without signing in (`ALLOW_SHARED_LINKS_PUBLIC`). */
  publicSharedLinksEnabled: z.boolean().optional(),
  version: z.string(),
});
export type StartupConfig = z.infer<typeof startupConfigSchema>;
