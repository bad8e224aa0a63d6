import { z } from 'zod';
import { IcpSchema } from './fields.js';

/** A user's profile as the profile tools return it: what new campaigns are seeded from. */
export const ProfileView = z.strictObject({
  company: z.string(),
  positioning: z.string(),
  pitch: z.string(),
  cta: z.string(),
  your_name: z.string(),
  your_role: z.string(),
  tone: z.string(),
  icp: IcpSchema,
  exemplars: z.array(z.string()),
});
