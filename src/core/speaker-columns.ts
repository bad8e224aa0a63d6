import { jsonColumn } from '../../db/cast.js';
import type { Enrichment, Signal, SpeakerInput } from '../engine/types.js';

/** The JSON columns of a speaker row, each read through one codec typed as it is written. */
export const talksColumn = jsonColumn<SpeakerInput['talks']>([]);
export const linksColumn = jsonColumn<SpeakerInput['links']>([]);
export const signalsColumn = jsonColumn<Signal[]>([]);
/** Null until the speaker is enriched. */
export const enrichmentColumn = jsonColumn<Enrichment | null>(null);
/** prequalify_reasons and qualify_reasons. */
export const reasonsColumn = jsonColumn<string[]>([]);
/** Per field, the span of page text it was read from. */
export const evidenceColumn = jsonColumn<Record<string, string>>({});
