import { Schema } from 'mongoose';
import { EmploymentTypes } from '@hireflow/contracts/jobs';

/** The fields a requisition asks for and the job it opens carries (one definition for both schemas). */
export function positionFields() {
  return {
    title: { type: String, required: true, trim: true },
    jobCodeId: { type: Schema.Types.ObjectId, ref: 'JobCode', default: null },
    departmentId: { type: Schema.Types.ObjectId, ref: 'Department', default: null },
    businessUnitId: { type: Schema.Types.ObjectId, ref: 'BusinessUnit', default: null },
    locationId: { type: Schema.Types.ObjectId, ref: 'Location', default: null },
    headcount: { type: Number, required: true, min: 1 },
    employmentType: { type: String, enum: EmploymentTypes, default: 'full_time' },
    salaryBand: { type: new Schema({ min: Number, max: Number, currency: String }, { _id: false }), default: null },
    targetStartDate: { type: String, default: null },
    hiringManagerId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    recruiterIds: { type: [Schema.Types.ObjectId], ref: 'User', default: [] },
    interviewerIds: { type: [Schema.Types.ObjectId], ref: 'User', default: [] },
    followerIds: { type: [Schema.Types.ObjectId], ref: 'User', default: [] },
    customFields: { type: Schema.Types.Mixed, default: {} },
  };
}
