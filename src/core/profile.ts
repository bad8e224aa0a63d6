import { z } from 'zod';
import { IcpSchema } from '../../schemas/fields.js';

/** What a user's campaigns are seeded from: ICP, style memory and sender defaults. */
export const ProfileSchema = z.object({
  company: z.string().max(200).default(''),
  positioning: z.string().max(2000).default(''),
  pitch: z.string().max(2000).default(''),
  cta: z.string().max(1000).default(''),
  your_name: z.string().max(200).default(''),
  your_role: z.string().max(200).default(''),
  tone: z.string().max(80).default('friendly'),
  icp: IcpSchema.default(IcpSchema.parse({})),
  /** Sent messages the user stood behind; later drafts learn greeting, sign-off and length from them. */
  exemplars: z.array(z.string().max(4000)).max(50).default([]),
});
export type Profile = z.output<typeof ProfileSchema>;

export function parseProfile(json: string): Profile {
  const parsed = ProfileSchema.safeParse(JSON.parse(json || '{}'));
  return parsed.success ? parsed.data : ProfileSchema.parse({});
}
