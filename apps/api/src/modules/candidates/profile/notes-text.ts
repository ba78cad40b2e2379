import type { ClientSession, Types } from 'mongoose';
import { Candidate } from '../candidate.model';
import { CandidateNote } from './candidate-note.model';

/**
 * Rewrites a candidate's `notesText` (what search reads) from their notes, oldest first. Call it after
 * anything that adds, moves (a merge) or removes notes, in the same transaction.
 */
export async function refreshNotesText(customerId: Types.ObjectId, candidateId: Types.ObjectId, session?: ClientSession) {
  const notes = await CandidateNote.find({ customerId, candidateId }, { text: 1 }, { session }).sort({ at: 1, _id: 1 }).lean();
  await Candidate.updateOne({ customerId, _id: candidateId }, { $set: { notesText: notes.map((n) => n.text).join('\n\n') } }, { session });
}
