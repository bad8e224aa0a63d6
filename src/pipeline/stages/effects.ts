import type { MessageRow } from '../../../db/types.js';

export type NewMessage = Omit<MessageRow, 'seq' | 'approved_via' | 'pushed_at'> & Partial<Pick<MessageRow, 'approved_via' | 'pushed_at'>>;
