import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { updateProfile } from '../src/core/profile.js';
import { ProfileView } from '../schemas/profile.js';
import { IcpPatch } from '../schemas/fields.js';

export default defineTool({
  name: 'update_profile',
  title: 'Update profile',
  description:
    'Changes the profile new campaigns are seeded from. Only the fields you send change; each ICP list you send replaces ' +
    'that list, and exemplars (sent messages whose style drafts should follow) replace the stored ones. Existing campaigns keep ' +
    'their settings (use update_campaign for those). Returns the whole profile.',
  kind: 'write',
  http: { method: 'POST', path: '/profile' },
  hints: { idempotentHint: true },
  requireAny: ['company', 'positioning', 'pitch', 'cta', 'your_name', 'your_role', 'tone', 'icp', 'exemplars'],
  input: z.strictObject({
    company: z.string().max(200).optional().describe('Your company: new campaigns take it as your_company'),
    positioning: z.string().max(2000).optional(),
    pitch: z.string().max(2000).optional(),
    cta: z.string().max(1000).optional(),
    your_name: z.string().max(200).optional(),
    your_role: z.string().max(200).optional(),
    tone: z.string().min(1).max(80).optional(),
    icp: IcpPatch.optional(),
    exemplars: z.array(z.string().trim().min(1).max(4000)).max(50).optional(),
  }),
  output: ProfileView,
  handler: async (input, ctx) => updateProfile(ctx.db, ctx, ctx.principal.userId, ctx.principal.tokenId, input),
});
