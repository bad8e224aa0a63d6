/**
 * The one typed error of the domain. Core code throws it; the adapters turn it into
 * the envelope and the HTTP status through ERROR_STATUS. Nothing else reformats errors.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthenticated: 401,
  forbidden_scope: 403,
  not_found: 404,
  rate_limited: 429,
  // A valid request the domain refused: already sent, insufficient credits, sending tool refused.
  tool_error: 422,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Status of an unexpected fault: the envelope says tool_error, the detail goes to the log only. */
export const INTERNAL_ERROR_STATUS = 500;
/** Sign-up endpoints only, when the door is switched off. */
export const SIGNUP_DISABLED = { code: 'agent_signup_disabled', status: 503 } as const;

/** Every error.code an envelope can carry (SPEC part 7). */
export type EnvelopeCode = ErrorCode | typeof SIGNUP_DISABLED.code;
export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_STATUS, code);

export class ToolError extends Error {
  readonly code: ErrorCode;
  /** Seconds until a retry can succeed (rate_limited only). */
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: string, opts: { retryAfter?: number } = {}) {
    super(message);
    this.name = 'ToolError';
    this.code = code;
    this.retryAfter = opts.retryAfter;
  }
}

export const notFound = (what: string): ToolError => new ToolError('not_found', `${what} was not found`);
export const invalid = (message: string): ToolError => new ToolError('invalid_request', message);
