import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { getUser } from '../src/core/users.js';

export default defineTool({
  name: 'whoami',
  title: 'Who am I',
  description: 'Returns the calling user and the scopes this credential holds (read, write, send).',
  kind: 'read',
  http: { method: 'GET', path: '/whoami' },
  input: z.strictObject({}),
  output: z.object({
    user_id: z.string(),
    email: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(['read', 'write', 'send'])),
    credential: z.object({
      id: z.string(),
      kind: z.enum(['api_key', 'oauth', 'session']).describe('session: a person signed in on the web pages'),
      name: z.string(),
    }),
  }),
  handler: async (_input, ctx) => {
    const user = await getUser(ctx.db, ctx.principal.userId);
    return {
      user_id: user.user_id,
      email: user.email,
      name: user.name,
      scopes: [...ctx.principal.scopes],
      credential: { id: ctx.principal.tokenId, kind: ctx.principal.tokenKind, name: ctx.principal.tokenName },
    };
  },
});
