import type { Services } from '../context.js';
import type { WebUser } from '../auth/sessions.js';
import getDraftQa from '../../tools/get_draft_qa.js';
import { read, type OutputOf } from './call.js';

export type Slot = OutputOf<typeof getDraftQa>['messages'][number];
type Bucket = OutputOf<typeof getDraftQa>['speakers'][number]['bucket'];

/**
 * Where a sequence stands for the reviewer. ready: the QA gate cleared every slot (it
 * could be pushed); approved: a person approved every slot as it now reads; pushed: it
 * went to the sending tool; excluded: the speaker is left out of the campaign.
 */
export const VIEWS = ['all', 'needs_work', 'ready', 'approved', 'pushed', 'excluded'] as const;
export type View = (typeof VIEWS)[number];
export type State = Exclude<View, 'all'>;

export const VIEW_LABEL: Record<View, string> = {
  all: 'All',
  needs_work: 'Needs work',
  ready: 'Ready',
  approved: 'Approved',
  pushed: 'Pushed',
  excluded: 'Excluded',
};

export interface QueueSpeaker {
  speaker_id: string;
  name: string;
  state: State;
  slots: Slot[];
}

export interface Queue {
  speakers: QueueSpeaker[];
  counts: Record<View, number>;
}

export const asView = (value: string | undefined): View => ((VIEWS as readonly string[]).includes(value ?? '') ? (value as View) : 'all');

/** Out of our hands: sent, or pushed and queued in the sending tool; neither edited nor approved here. */
export const lockedSlot = (m: Slot): boolean => m.sent || m.pushed_at !== null;

/** Approved by a person as the text now reads: an edit after the approval takes it back; a bulk clearance is not a person's. */
export const approvedNow = (m: Slot): boolean => m.approved_via === 'approve_message' && m.approved_at !== null && m.approved_at >= m.content_updated_at;

function stateOf(bucket: Bucket, slots: Slot[]): State {
  if (bucket === 'sent' || bucket === 'pushed') return 'pushed';
  if (bucket === 'skipped') return 'excluded';
  if (bucket === 'approved' || slots.every((m) => lockedSlot(m) || approvedNow(m))) return 'approved';
  return bucket === 'ready_to_send' ? 'ready' : 'needs_work';
}

/** Every drafted speaker of a campaign with its slots and state, in the order they were drafted. */
export async function loadQueue(services: Services, user: WebUser, campaignId: string): Promise<Queue> {
  const slots = new Map<string, Slot[]>();
  const buckets = new Map<string, { name: string; bucket: Bucket }>();
  let cursor: string | undefined;
  do {
    const page = await read(services, user, getDraftQa, { campaign_id: campaignId, limit: 200, ...(cursor ? { cursor } : {}) });
    for (const m of page.messages) slots.set(m.speaker_id, [...(slots.get(m.speaker_id) ?? []), m]);
    for (const s of page.speakers) buckets.set(s.speaker_id, { name: s.speaker_name, bucket: s.bucket });
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  const speakers = [...slots.entries()].map(([id, list]) => {
    const b = buckets.get(id) ?? { name: list[0]?.speaker_name ?? '', bucket: 'awaiting_qa' as const };
    return { speaker_id: id, name: b.name, state: stateOf(b.bucket, list), slots: list.sort((x, y) => x.slot - y.slot) };
  });
  const counts = Object.fromEntries(VIEWS.map((v) => [v, v === 'all' ? speakers.length : speakers.filter((s) => s.state === v).length])) as Record<
    View,
    number
  >;
  return { speakers, counts };
}

export const inView = (queue: Queue, view: View): QueueSpeaker[] => (view === 'all' ? queue.speakers : queue.speakers.filter((s) => s.state === view));
