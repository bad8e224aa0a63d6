import type { MessageRow } from '../../../db/types.js';

export type NewMessage = Omit<MessageRow, 'seq' | 'approved_via'> & Partial<Pick<MessageRow, 'approved_via'>>;
