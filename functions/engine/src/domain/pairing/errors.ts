import { DomainError, type DomainErrorCode } from '../common/index.js';

/**
 * A pairing request that cannot be met. It is a DomainError, so the Firebase layer maps `code` to an HttpsError
 * without knowing about pairing; the class exists so callers and tests can tell a pairing refusal apart.
 */
export class PairingError extends DomainError {
  constructor(code: DomainErrorCode, message: string) {
    super(code, message);
    this.name = 'PairingError';
  }
}
