import { describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_KEY, loadDraft, newDraft, newIdempotencyKey, saveDraft, type DraftStorage } from './draft';

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('the application draft', () => {
  it('round-trips through storage', () => {
    const storage = memoryStorage();
    const draft = { ...newDraft(), step: 3, unconfirmedBodies: ['{"a":1}'] };
    draft.values.city = 'Melbourne';
    saveDraft(storage, draft);
    expect(loadDraft(storage)).toEqual(draft);
    clearDraft(storage);
    expect(loadDraft(storage)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    expect(loadDraft(storage)).toBeNull();
    storage.setItem(DRAFT_KEY, '{not json');
    expect(loadDraft(storage)).toBeNull();
    storage.setItem(DRAFT_KEY, JSON.stringify({ version: 99, step: 2 }));
    expect(loadDraft(storage)).toBeNull();
    expect(loadDraft(undefined)).toBeNull();
  });

  it('repairs a damaged entry: step out of range, foreign key, odd bodies', () => {
    const storage = memoryStorage();
    storage.setItem(
      DRAFT_KEY,
      JSON.stringify({ version: 2, step: 9, values: { city: 'Perth' }, idempotencyKey: 'not mine', unconfirmedBodies: ['a', 3, 'b'] }),
    );
    const draft = loadDraft(storage)!;
    expect(draft.step).toBe(1);
    expect(draft.values.city).toBe('Perth');
    expect(draft.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(draft.unconfirmedBodies).toEqual(['a', 'b']);
  });

  it('survives storage that throws', () => {
    const throwing: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadDraft(throwing)).toBeNull();
    expect(() => saveDraft(throwing, newDraft())).not.toThrow();
    expect(() => clearDraft(throwing)).not.toThrow();
  });

  it('makes a new key each time', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
