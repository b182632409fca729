/**
 * The MCP Skills extension `io.modelcontextprotocol/skills` (SEP-2640; spec: github.com/modelcontextprotocol/ext-skills,
 * specification/stable/skills.mdx), so clients that list skills (MCP Inspector 2.x and others) find ours. The server
 * declares it under `capabilities.extensions` (with the `resources` capability it depends on) and answers its two
 * required methods: `skills/list` (every skill: SKILL.md URI, front matter, a manifest of its files with SHA-256
 * digest and size) and `skills/get` (one entry by its SKILL.md URI; -32602 for an unknown one). The files themselves
 * are ordinary resources (`skill://<name>/SKILL.md`, read with `resources/read`). The optional
 * `resources/directory/read` is not offered (`directoryRead` absent = false): our skill is one file.
 * The SDK has no schemas for these methods, so they are registered on its low-level server.
 */
import { createHash } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

export interface SkillEntry {
  readonly uri: string;
  readonly frontmatter: Readonly<Record<string, string>> & { readonly name: string; readonly description: string };
  readonly resources: readonly { readonly uri: string; readonly digest: string; readonly size: number }[];
}

/** The resource URI of a skill's SKILL.md. */
export const skillUri = (name: string): string => `skill://${name}/SKILL.md`;

/** The entry of a one-file skill served as `text` (the digest and size are of the UTF-8 bytes resources/read sends). */
export function skillEntry(frontmatter: SkillEntry['frontmatter'], text: string): SkillEntry {
  const bytes = Buffer.from(text, 'utf8');
  const uri = skillUri(frontmatter.name);
  return { uri, frontmatter, resources: [{ uri, digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`, size: bytes.length }] };
}

const ListSkillsRequest = z.object({
  method: z.literal('skills/list'),
  params: z.object({ cursor: z.string().optional() }).passthrough().optional(),
});
const GetSkillRequest = z.object({
  method: z.literal('skills/get'),
  params: z.object({ uri: z.string() }).passthrough(),
});

/** The skill files change only with a new release of the package: clients may keep the listing for an hour. */
const CACHE = { ttlMs: 3_600_000, cacheScope: 'public' } as const;

/** Declares the extension and answers skills/list and skills/get for `entries` (before the server connects). */
export function serveSkills(server: McpServer, entries: readonly SkillEntry[]): void {
  server.server.registerCapabilities({ resources: {}, extensions: { [SKILLS_EXTENSION]: {} } });
  // one page: the listing is small, so no cursor is ever handed out (an unknown cursor still gets the whole list)
  server.server.setRequestHandler(ListSkillsRequest, () => ({ resultType: 'complete', skills: [...entries], ...CACHE }));
  server.server.setRequestHandler(GetSkillRequest, ({ params }) => {
    const skill = entries.find((e) => e.uri === params.uri);
    if (!skill) throw new McpError(ErrorCode.InvalidParams, `No skill has the URI ${JSON.stringify(params.uri)}; skills/list names the skills this server serves`);
    return { resultType: 'complete', skill, ...CACHE };
  });
}
