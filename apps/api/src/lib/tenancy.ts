import { Schema, type Aggregate, type MongooseQueryMiddleware, type Query } from 'mongoose';

const queryOps: MongooseQueryMiddleware[] = [
  'find', 'findOne', 'countDocuments', 'distinct', 'updateOne', 'updateMany', 'replaceOne',
  'deleteOne', 'deleteMany', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace',
];

/** The `customerId` field of a tenant-owned schema (declared in the schema so its type is inferred). */
export function tenantField(opts: { required?: boolean } = {}) {
  return { type: Schema.Types.ObjectId, ref: 'Customer', required: opts.required ?? true, default: opts.required === false ? null : undefined };
}

/**
 * Guards a tenant-owned model: every query or aggregation on it must name a customerId, so a forgotten
 * company filter fails loudly instead of leaking another company's data. Platform-wide code (sign-in by
 * email, the super admin area) opts out per query with `.setOptions({ crossTenant: true })` or
 * `Model.aggregate(...).option({ crossTenant: true })`.
 */
export function tenantOwned(schema: Schema) {
  if (!schema.path('customerId')) throw new Error('tenantOwned schemas declare customerId: tenantField()');

  schema.pre(queryOps, { document: false, query: true }, function (this: Query<unknown, unknown>) {
    if ((this.getOptions() as { crossTenant?: boolean }).crossTenant) return;
    if (!('customerId' in this.getFilter())) {
      const op = (this as unknown as { op?: string }).op;
      throw new Error(`Tenant-owned ${this.model.modelName} queried without customerId (${op})`);
    }
  });

  schema.pre('aggregate', function (this: Aggregate<unknown>) {
    if ((this.options as { crossTenant?: boolean }).crossTenant) return;
    const first = this.pipeline()[0] as { $match?: Record<string, unknown> } | undefined;
    if (!first?.$match || !('customerId' in first.$match)) {
      throw new Error(`Tenant-owned ${this.model().modelName} aggregated without a leading $match on customerId`);
    }
  });
}
