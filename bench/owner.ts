import type { Ctx } from '../src/context.js';
import type { Instance } from '../src/instance.js';
import { createUser } from '../src/core/users.js';
import type { Icp } from '../schemas/fields.js';

const BENCH_ICP: Icp = {
  titles: ['CTO', 'VP Engineering', 'Staff Engineer', 'Head of Platform'],
  seniority: [],
  industries: [],
  keywords: ['platform'],
  exclusions: ['recruiter'],
  competitors: [],
};

/** The owner every benchmark campaign belongs to, with its profile and credits, and a ctx acting as it. */
export async function benchOwner(instance: Instance, grant: number, icp: Icp = BENCH_ICP): Promise<Ctx> {
  const user = await createUser(instance.db, instance, {
    email: 'bench@example.com',
    name: 'Bench',
    role: 'owner',
    grant,
    profile: { pitch: 'We help platform teams ship faster.', cta: 'Open to a short call next week?', your_name: 'Sam Rivera', your_role: 'Founder', icp },
  });
  return { ...instance, principal: { userId: user.user_id, scopes: ['read', 'write'], tokenId: 'bench', tokenKind: 'api_key', tokenName: 'bench' } };
}
