// Server-side errors carrying the numeric code and codeName the driver and mongoose switch on.
export type Doc = Record<string, unknown>;

const CODE_NAMES: Record<number, string> = {
  1: 'InternalError',
  2: 'BadValue',
  9: 'FailedToParse',
  11: 'UserNotFound',
  14: 'TypeMismatch',
  20: 'IllegalOperation',
  26: 'NamespaceNotFound',
  28: 'PathNotViable',
  27: 'IndexNotFound',
  40: 'ConflictingUpdateOperators',
  43: 'CursorNotFound',
  47: 'NoMatchingDocument',
  48: 'NamespaceExists',
  52: 'DollarPrefixedFieldName',
  59: 'CommandNotFound',
  66: 'ImmutableField',
  67: 'CannotCreateIndex',
  72: 'InvalidOptions',
  73: 'InvalidNamespace',
  85: 'IndexOptionsConflict',
  86: 'IndexKeySpecsConflict',
  112: 'WriteConflict',
  115: 'CommandNotSupported',
  225: 'TransactionTooOld',
  251: 'NoSuchTransaction',
  256: 'TransactionCommitted',
  260: 'InvalidResumeToken',
  263: 'OperationNotSupportedInTransaction',
  280: 'ChangeStreamFatalError',
  286: 'ChangeStreamHistoryLost',
  11000: 'DuplicateKey',
  17419: 'Location17419',
};

export class MongoServerError extends Error {
  readonly codeName: string;
  constructor(
    readonly code: number,
    message: string,
    readonly extra: Doc = {},
    readonly labels: string[] = [],
  ) {
    super(message);
    this.codeName = CODE_NAMES[code] ?? 'UnknownError';
  }

  toResponse(): Doc {
    const res: Doc = { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
    if (this.labels.length) res.errorLabels = this.labels;
    return res;
  }
}

export const badValue = (msg: string) => new MongoServerError(2, msg);
export const nsNotFound = (ns: string) => new MongoServerError(26, `ns does not exist: ${ns}`);

export function writeConflict(): MongoServerError {
  return new MongoServerError(
    112,
    'WriteConflict error: this operation conflicted with another operation. Please retry your operation or multi-document transaction.',
    {},
    ['TransientTransactionError'],
  );
}

/** Normalises anything thrown by handlers or mingo (plain Errors with a message) into a server error. */
export function toServerError(err: unknown): MongoServerError {
  if (err instanceof MongoServerError) return err;
  return new MongoServerError(2, err instanceof Error ? err.message : String(err));
}
