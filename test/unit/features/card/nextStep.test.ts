import { describe, expect, it } from 'vitest';
import { nextStep, type HubState } from '../../../../src/features/card/nextStep.ts';
import { idSearch, reapplySearch } from '../../../../src/features/card/routeSearch.ts';

const empty: HubState = { holders: [], applications: [], cards: [] };

describe('nextStep', () => {
  it('leads from a first holder through review and application to a card', () => {
    expect(nextStep(empty)).toEqual({ kind: 'add_holder' });
    expect(nextStep({ ...empty, holders: [{ id: '1', status: 'pending' }] })).toEqual({
      kind: 'wait_review',
    });
    expect(nextStep({ ...empty, holders: [{ id: '1', status: 'rejected' }] })).toEqual({
      kind: 'fix_holder',
      holderId: '1',
    });
    const approved = { ...empty, holders: [{ id: '1', status: 'approved' as const }] };
    expect(nextStep(approved)).toEqual({ kind: 'apply' });
    expect(
      nextStep({
        ...approved,
        applications: [{ id: '5', status: 'processing', can_reapply: false }],
      }),
    ).toEqual({ kind: 'wait_issue' });
    expect(
      nextStep({ ...approved, applications: [{ id: '5', status: 'failed', can_reapply: true }] }),
    ).toEqual({ kind: 'reapply', applicationId: '5' });
  });

  it('puts a card waiting for activation first, then a usable card', () => {
    const cards: HubState['cards'] = [
      { id: '7', status: 'active' },
      { id: '8', status: 'inactive' },
    ];
    expect(nextStep({ ...empty, cards })).toEqual({ kind: 'activate', cardId: '8' });
    expect(nextStep({ ...empty, cards: [{ id: '7', status: 'frozen' }] })).toEqual({
      kind: 'use_card',
      cardId: '7',
    });
    expect(nextStep({ ...empty, cards: [{ id: '7', status: 'blocked' }] })).toEqual({
      kind: 'add_holder',
    });
  });
});

describe('card route search', () => {
  it('keeps only a well-formed object id', () => {
    expect(idSearch({ id: '42' })).toEqual({ id: '42' });
    expect(idSearch({ id: 42 })).toEqual({ id: '42' });
    expect(idSearch({ id: '0' })).toEqual({ id: undefined });
    expect(idSearch({ id: '1; drop' })).toEqual({ id: undefined });
    expect(idSearch({})).toEqual({ id: undefined });
    expect(reapplySearch({ reapply: '7' })).toEqual({ reapply: '7' });
    expect(reapplySearch({ reapply: ['7'] })).toEqual({ reapply: undefined });
  });
});
