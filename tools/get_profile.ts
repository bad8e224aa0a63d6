import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { readProfile } from '../src/core/profile.js';
import { ProfileView } from '../schemas/profile.js';

export default defineTool({
  name: 'get_profile',
  title: 'Get profile',
  description:
    'Returns the profile new campaigns are seeded from: sender name and role, company, positioning, pitch, CTA, tone, ' +
    'the ICP (titles, seniority, industries, keywords, exclusions, competitors) and the style exemplars.',
  kind: 'read',
  http: { method: 'GET', path: '/profile' },
  input: z.strictObject({}),
  output: ProfileView,
  handler: async (_input, ctx) => readProfile(ctx.db, ctx.principal.userId),
});
