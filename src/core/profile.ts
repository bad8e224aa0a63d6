import { z } from 'zod';
import { IcpSchema } from '../../schemas/fields.js';
import type { Db } from '../../db/index.js';
import type { Clock, IdSource } from '../context.js';
import { writeAudit } from './audit.js';

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

export const PROFILE_FIELDS = ['company', 'positioning', 'pitch', 'cta', 'your_name', 'your_role', 'tone', 'icp', 'exemplars'] as const;

/** The profile with every field present, as campaigns will be seeded from it. */
export async function readProfile(db: Db, userId: string): Promise<Profile> {
  const row = await db.selectFrom('users').select('profile').where('id', '=', userId).executeTakeFirstOrThrow();
  return parseProfile(row.profile);
}

export type ProfilePatch = Partial<Omit<Profile, 'icp'>> & { icp?: Partial<Profile['icp']> };

/**
 * Changes only the fields given; each ICP list given replaces that list. Existing
 * campaigns keep what they were seeded with. One transaction with its audit entry.
 */
export async function updateProfile(db: Db, deps: { clock: Clock; ids: IdSource }, userId: string, actor: string, patch: ProfilePatch): Promise<Profile> {
  return db.transaction().execute(async (trx) => {
    const current = await readProfile(trx, userId);
    const { icp, ...rest } = patch;
    const next = ProfileSchema.parse({ ...current, ...stripUndefined(rest), icp: { ...current.icp, ...stripUndefined(icp ?? {}) } });
    await trx
      .updateTable('users')
      .set({ profile: JSON.stringify(next) })
      .where('id', '=', userId)
      .execute();
    const changed = PROFILE_FIELDS.filter((f) => patch[f] !== undefined);
    await writeAudit(trx, deps, { userId, actor, action: 'profile.updated', targetType: 'user', targetId: userId, meta: { fields: changed } });
    return next;
  });
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
