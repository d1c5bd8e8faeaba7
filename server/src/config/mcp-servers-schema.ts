import { z } from 'zod';

/** What a server's name may hold: it becomes part of its tools' plugin keys and function names. */
export const MCP_SERVER_NAME = /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/;

/** The transports Parley speaks (`http` is LibreChat's other name for `streamable-http`). */
const MCP_TYPES = ['stdio', 'streamable-http', 'http', 'sse'] as const;

const httpUrl = z.string().refine(
  (value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value.replace(/\$\{[^}]+\}/g, 'x')).protocol);
    } catch {
      return false;
    }
  },
  { message: 'must be an http(s) URL' },
);

/**
 * One YAML `mcpServers` entry, in LibreChat's shape: a child process (`command`, `args`, `env`) or a URL
 * (`url`, `headers`); `type` defaults to stdio with a command and to sse with a URL, as LibreChat's does.
 * `timeout` bounds a tool call and `initTimeout` the connection and the tool listing, in milliseconds.
 */
export const mcpServerSchema = z
  .strictObject({
    type: z
      .string()
      .refine((type) => (MCP_TYPES as readonly string[]).includes(type), {
        message: `must be one of ${MCP_TYPES.map((t) => `"${t}"`).join(', ')} (websocket servers are not supported)`,
      })
      .optional(),
    command: z.string().trim().min(1).optional(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    url: httpUrl.optional(),
    headers: z.record(z.string(), z.string()).optional(),
    timeout: z.number().int().positive().optional(),
    initTimeout: z.number().int().positive().optional(),
    iconPath: z.string().optional(),
  })
  .superRefine((server, ctx) => {
    const type = server.type ?? (server.command === undefined ? 'sse' : 'stdio');
    const forbid = (keys: ReadonlyArray<keyof typeof server>, reason: string) => {
      for (const key of keys) {
        if (server[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: reason });
      }
    };
    if (type === 'stdio') {
      if (server.command === undefined) {
        ctx.addIssue({ code: 'custom', path: ['command'], message: 'is required for a stdio server' });
      }
      forbid(['url', 'headers'], 'is for URL servers (type streamable-http or sse), not stdio');
      return;
    }
    if (server.url === undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `is required for a ${type} server` });
    }
    forbid(['command', 'args', 'env'], `is for stdio servers, not ${type}`);
  });

export const mcpServersSchema = z.record(z.string(), mcpServerSchema).superRefine((servers, ctx) => {
  for (const name of Object.keys(servers)) {
    if (!MCP_SERVER_NAME.test(name) || name.includes('_mcp_')) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message:
          'a server name may hold only letters, digits, "-" and single "_" (it becomes part of tool names)',
      });
    }
  }
});

export type McpServerConfig = z.infer<typeof mcpServerSchema>;
export type McpServersConfig = z.infer<typeof mcpServersSchema>;
