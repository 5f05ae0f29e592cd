import { ErrorType, StreamNotFoundError, WrongExpectedVersionError } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { type ExpectedRevision, type RecordedEvent, START } from '../port';
import {
  checkRetry,
  expectationHolds,
  isAfter,
  isClientError,
  isSystemRecord,
  matchesFilter,
  serverFilter,
  toActualRevision,
  toReadPosition,
  toRecordedEvent,
} from './mapping';

describe('positions', () => {
  it("the port's START is the client's 'start'; any other position passes through", () => {
    expect(toReadPosition(START)).toBe('start');
    expect(toReadPosition({ commit: 0n, prepare: 0n })).toEqual({ commit: 0n, prepare: 0n });
    expect(toReadPosition({ commit: 4711n, prepare: 4700n })).toEqual({ commit: 4711n, prepare: 4700n });
  });

  it('fromPosition is exclusive: the event at it is not after it, by commit then prepare', () => {
    const from = { commit: 100n, prepare: 90n };
    expect(isAfter({ commit: 100n, prepare: 90n }, from)).toBe(false);
    expect(isAfter({ commit: 100n, prepare: 80n }, from)).toBe(false);
    expect(isAfter({ commit: 100n, prepare: 95n }, from)).toBe(true);
    expect(isAfter({ commit: 101n, prepare: 0n }, from)).toBe(true);
    expect(isAfter({ commit: 0n, prepare: 0n }, START)).toBe(true);
  });
});

describe('filters', () => {
  it('categories become stream-name prefixes "category-"', () => {
    expect(serverFilter({ streamCategories: ['coupon', 'wallet'] })).toMatchObject({ filterOn: 'streamName', prefixes: ['coupon-', 'wallet-'] });
  });

  it('event types become event-type prefixes; categories win when both are given (the port check does the rest)', () => {
    expect(serverFilter({ eventTypes: ['CouponPlaced'] })).toMatchObject({ filterOn: 'eventType', prefixes: ['CouponPlaced'] });
    expect(serverFilter({ streamCategories: ['coupon'], eventTypes: ['CouponPlaced'] })).toMatchObject({ filterOn: 'streamName', prefixes: ['coupon-'] });
  });

  it('no filter (or empty lists) still keeps system events off the wire', () => {
    for (const filter of [undefined, {}, { streamCategories: [], eventTypes: [] }]) {
      expect(serverFilter(filter)).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
    }
  });

  it('the exact check: whole category, whole type, both must hold', () => {
    expect(matchesFilter({ streamCategories: ['coupon'] }, 'coupon-1', 'CouponPlaced')).toBe(true);
    expect(matchesFilter({ streamCategories: ['coupon'] }, 'couponx-1', 'CouponPlaced')).toBe(false);
    expect(matchesFilter({ eventTypes: ['CouponPlaced'] }, 'coupon-1', 'CouponPlacedV2')).toBe(false);
    expect(matchesFilter({ streamCategories: ['coupon'], eventTypes: ['CouponPlaced'] }, 'wallet-1', 'CouponPlaced')).toBe(false);
    expect(matchesFilter({ streamCategories: [], eventTypes: [] }, 'wallet-1', 'Anything')).toBe(true);
    expect(matchesFilter(undefined, 'wallet-1', 'Anything')).toBe(true);
  });

  it("EventStoreDB's own records are those of $-streams or $-types", () => {
    expect(isSystemRecord('$stats-127.0.0.1:2113', '$statsCollected')).toBe(true);
    expect(isSystemRecord('$$coupon-1', '$metadata')).toBe(true);
    expect(isSystemRecord('$ce-coupon', '$>')).toBe(true);
    expect(isSystemRecord('coupon-1', 'CouponPlaced')).toBe(false);
  });
});

describe('expected revision', () => {
  const cases: [ExpectedRevision, bigint | 'no_stream', boolean][] = [
    ['any', 'no_stream', true],
    ['any', 3n, true],
    ['no_stream', 'no_stream', true],
    ['no_stream', 0n, false],
    ['stream_exists', 'no_stream', false],
    ['stream_exists', 0n, true],
    [2n, 2n, true],
    [2n, 3n, false],
    [0n, 'no_stream', false],
  ];
  for (const [expected, actual, holds] of cases) {
    it(`${String(expected)} against ${String(actual)}: ${holds ? 'holds' : 'fails'}`, () => {
      expect(expectationHolds(expected, actual)).toBe(holds);
    });
  }

  it("the client's current revision, thrown or returned as -1, becomes the port's", () => {
    expect(toActualRevision('no_stream')).toBe('no_stream');
    expect(toActualRevision(-1n)).toBe('no_stream');
    expect(toActualRevision(7n)).toBe(7n);
  });
});

describe('retries', () => {
  const recorded = (id: string, revision: bigint): RecordedEvent =>
    ({ id, streamRevision: revision, position: { commit: revision, prepare: revision } }) as unknown as RecordedEvent;
  const recent = [recorded('c', 2n), recorded('b', 1n), recorded('a', 0n)];

  it('none stored: new; all stored: answered by the highest revision among them; some: a conflict', () => {
    expect(checkRetry(['x', 'y'], recent)).toEqual({ kind: 'new' });
    expect(checkRetry(['a', 'b'], recent)).toEqual({ kind: 'stored', last: recent[1] });
    expect(checkRetry(['b', 'x'], recent)).toEqual({ kind: 'partly_stored' });
  });
});

describe('client errors', () => {
  it('are told apart by their type tag', () => {
    const wrong = new WrongExpectedVersionError(undefined, { streamName: 's-1', expected: 1n, current: 'no_stream' });
    expect(isClientError(wrong, ErrorType.WRONG_EXPECTED_VERSION)).toBe(true);
    expect(isClientError(new StreamNotFoundError(undefined, 's-1'), ErrorType.STREAM_NOT_FOUND)).toBe(true);
    expect(isClientError(new Error('other'), ErrorType.STREAM_NOT_FOUND)).toBe(false);
    expect(isClientError(undefined, ErrorType.STREAM_NOT_FOUND)).toBe(false);
  });
});

describe('recorded events', () => {
  const base = {
    streamId: 'coupon-1',
    id: '6f1c0b5e-5a8e-4b8e-9a57-1d1f0d7e0a11',
    revision: 4n,
    type: 'CouponPlaced',
    data: { stake: 1000 },
    metadata: { correlationId: 'c', causationId: 'c', actor: { userId: 'u', role: 'player' }, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1, prevHash: 'p', hash: 'h' },
    isJson: true as const,
    created: new Date(0),
    position: { commit: 200n, prepare: 150n },
  };

  it('map one to one, revision and position as bigints', () => {
    expect(toRecordedEvent({ event: base })).toEqual({
      id: base.id,
      type: 'CouponPlaced',
      data: { stake: 1000 },
      metadata: base.metadata,
      streamName: 'coupon-1',
      streamRevision: 4n,
      position: { commit: 200n, prepare: 150n },
    });
  });

  it("skip EventStoreDB's own records and refuse what this adapter never writes", () => {
    expect(toRecordedEvent({ event: { ...base, streamId: '$stats-x', type: '$statsCollected' } })).toBeNull();
    expect(toRecordedEvent({})).toBeNull();
    expect(() => toRecordedEvent({ event: { ...base, isJson: false, data: new Uint8Array([1]) } as never })).toThrow(/not a JSON object/);
    expect(() => toRecordedEvent({ event: { ...base, metadata: undefined } })).toThrow(/no JSON metadata/);
    expect(() => toRecordedEvent({ event: { ...base, position: undefined } as never })).toThrow(/22\.6/);
  });
});
