import type { MessageRow } from '../../../db/types.js';

export type NewMessage = Omit<MessageRow, 'seq'>;
