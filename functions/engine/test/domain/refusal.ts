import { DomainError } from '../../src/domain/common/index.js';

/** The domain's refusal of `run`, as code and message: a test names both, and fails when nothing is refused. */
export function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}
