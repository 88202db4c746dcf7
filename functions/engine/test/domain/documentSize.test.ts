import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { requireFitsOneTransaction, writeBytes } from '../../src/domain/common/documentSize.js';
import { SIZES } from '../../src/domain/common/limits.js';
import { presetPolicy } from '../../src/domain/policy/policy.js';

/**
 * The oracle: the protocol-buffer encoding firebase-admin really sends, from its own serializer and the
 * Firestore API's message definitions (both inside @google-cloud/firestore, read through require as they are
 * CommonJS internals). The estimate names the database with a 128-byte allowance where the real name here
 * takes 56 bytes, so it exceeds the real size by exactly that difference.
 */
const require = createRequire(import.meta.url);
const { Serializer } = require('@google-cloud/firestore/build/src/serializer.js') as {
  Serializer: new (firestore: object) => { encodeFields(data: object): object };
};
const protobuf = require('protobufjs') as {
  Root: {
    fromJSON(json: object): {
      lookupType(name: string): { fromObject(o: object): object; encode(m: object): { finish(): Uint8Array } };
    };
  };
};
const Write = protobuf.Root.fromJSON(require('@google-cloud/firestore/build/protos/v1.json') as object).lookupType(
  'google.firestore.v1.Write',
);
const serializer = new Serializer({ _settings: { ignoreUndefinedProperties: true }, doc: () => null });
const PROJECT_PREFIX = 'projects/demo-competition/databases/(default)/documents/';

/** The bytes a create of `data` at `path` takes as one of a commit's repeated writes. */
function realCreateBytes(path: string, data: Record<string, unknown>): number {
  const message = Write.fromObject({
    update: { name: PROJECT_PREFIX + path, fields: serializer.encodeFields(data) },
    currentDocument: { exists: false },
  });
  const length = Write.encode(message).finish().length;
  return 1 + (length < 128 ? 1 : length < 16_384 ? 2 : length < 2_097_152 ? 3 : 4) + length;
}

const SLACK = 128 - PROJECT_PREFIX.length;

describe('the estimated size of a write, against the real encoding', () => {
  const documents: Array<[string, string, Record<string, unknown>]> = [
    [
      'a participant',
      'tournaments/t1/participants/p1',
      {
        participantId: 'p1',
        name: 'Zoë Müller',
        rating: 1850,
        ratings: { UTR: 12.5 },
        team: 'Alpha',
        enteredRound: 1,
        withdrawn: false,
      },
    ],
    [
      'a matchUp',
      'tournaments/t1/matchUps/r1-m1',
      {
        matchUpId: 'r1-m1',
        roundNumber: 1,
        order: 0,
        a: 'p1',
        b: null,
        playerUids: [],
        cost: { rematch: 0, scoreDifference: 1.5 },
        result: { kind: 'PLAYED', score: { a: 5, b: 3 } },
        scoredBy: null,
        scoredAt: null,
      },
    ],
    ['a policy', 'tournaments/t1', { policy: presetPolicy('PRESSURE'), currentRound: 0, status: 'DRAFT' }],
    ['negative and huge numbers', 'x/y', { low: -10_000, high: 2 ** 40, fraction: -0.25, unsafe: 2 ** 60 }],
    [
      'long text',
      'x/long',
      { text: '€'.repeat(70_000), list: Array.from({ length: 300 }, (_, i) => ({ i, s: `item ${i}` })) },
    ],
    ['undefined fields left out', 'x/u', { kept: 'yes', dropped: undefined }],
  ];
  it.each(documents)('%s', (_what, path, data) => {
    const real = realCreateBytes(path, data);
    const estimate = writeBytes(path, data);
    // Exactly the name allowance over (a length's varint may take a byte more for the larger figure).
    expect(estimate - real).toBeGreaterThanOrEqual(SLACK);
    expect(estimate - real).toBeLessThanOrEqual(SLACK + 3);
  });
});

describe('one transaction at most SIZES.transactionBytes', () => {
  it('stays under the 4 MiB gRPC message the Firestore emulator accepts, and under the 10 MiB of production', () => {
    expect(SIZES.transactionBytes).toBeLessThan(4 * 1024 * 1024);
  });
  it('refuses a larger plan, saying how large and what to do', () => {
    expect(() => requireFitsOneTransaction(SIZES.transactionBytes, 'this', 'do less')).not.toThrow();
    expect(() =>
      requireFitsOneTransaction(5 * 1024 * 1024, 'entering these 60 participants', 'enter them in several calls'),
    ).toThrow(
      'entering these 60 participants would write about 5.0 MiB at once; one transaction carries at most 3.5 MiB: enter them in several calls',
    );
  });
});
