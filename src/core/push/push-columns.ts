import { jsonColumn } from '../../../db/cast.js';
import type { StepSlot } from '../../senders/types.js';

/** sending_pushes.step_slots: which steps of the tool's campaign carry which slot; null when the tool has none to read. */
export const stepSlotsColumn = jsonColumn<StepSlot[] | null>(null);
