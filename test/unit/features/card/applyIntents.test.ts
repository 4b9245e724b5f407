// The application form's intents: each sends its own endpoint exactly the body it takes.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { applicationEndpoints } from '../../../../contract/api/card/applications.ts';
import { applyIntent } from '../../../../src/features/card/apply/applyIntents.ts';

const choices = { region: 'HK', holder_id: '7', address_id: '9', agree: true };
const agreements = [{ id: 'cardholder_terms', version: '2026-01' }];

describe('card application intents', () => {
  it('a virtual card: region, holder and consent, no address', () => {
    const intent = applyIntent({ type: 'virtual' });
    expect(intent.endpoint).toBe(applicationEndpoints.openVirtualCard);
    expect(intent.choosesRegion).toBe(true);
    const request = intent.request(choices, { type: 'virtual' }, agreements);
    expect(request).toEqual({ region: 'HK', holder_id: '7', agree: true, agreements });
    expect(v.is(intent.schema, request)).toBe(true);
  });

  it('a physical card: the delivery address too', () => {
    const intent = applyIntent({ type: 'physical' });
    expect(intent.endpoint).toBe(applicationEndpoints.openRealCard);
    const request = intent.request(choices, { type: 'physical' }, agreements);
    expect(request).toEqual({ ...choices, agreements });
    expect(v.is(intent.schema, request)).toBe(true);
  });

  it('applying again: the earlier application, no region, the address only for a physical card', () => {
    const physical = { type: 'physical', reapplyOf: '42' } as const;
    const virtual = { type: 'virtual', reapplyOf: '43' } as const;
    const intent = applyIntent(physical);
    expect(intent).toBe(applyIntent(virtual));
    expect(intent.endpoint).toBe(applicationEndpoints.reapply);
    expect(intent.choosesRegion).toBe(false);
    expect(intent.request(choices, physical, agreements)).toEqual({
      id: '42',
      holder_id: '7',
      address_id: '9',
      agree: true,
      agreements,
    });
    const again = intent.request(choices, virtual, agreements);
    expect(again).toEqual({ id: '43', holder_id: '7', agree: true, agreements });
    expect(v.is(intent.schema, again)).toBe(true);
  });

  it('the form is checked against the endpoint: no consent is refused', () => {
    const intent = applyIntent({ type: 'physical' });
    const body = intent.body({ ...choices, agree: false }, { type: 'physical' });
    expect(v.is(intent.schema, body)).toBe(false);
  });
});
