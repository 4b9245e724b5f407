// The stand-ins the app build uses for two of web3-onboard's libraries must behave like the
// real ones do for JU Wallet's fixed options: joi accepts, svelte-i18n stores answer at once.
import { describe, expect, it } from 'vitest';
import Joi, { type AcceptingSchema } from '../../../src/wallet/libraryStubs/joi.ts';
import * as i18n from '../../../src/wallet/libraryStubs/svelteI18n.ts';

type Chain = AcceptingSchema & Record<string, (...args: unknown[]) => AcceptingSchema>;

describe('joi stand-in', () => {
  it('builds chained schemas the way web3-onboard writes them and accepts any value', () => {
    const joi = Joi as Chain;
    const wallet = (joi.object!({ label: (joi.string!() as Chain).required!() }) as Chain)
      .unknown!() as Chain;
    const chains = (joi.array!() as Chain).items!(wallet) as Chain;
    for (const value of [{ label: 'x' }, [], null, 'anything']) {
      expect(chains.validate(value)).toEqual({ value });
      expect(chains.validate(value).error).toBeUndefined();
    }
  });

  it('is not a promise', async () => {
    expect((Joi as unknown as { then?: unknown }).then).toBeUndefined();
    await expect(Promise.resolve(Joi)).resolves.toBe(Joi);
  });
});

describe('svelte-i18n stand-in', () => {
  it('gives stores that call a subscriber at once and can be unsubscribed', () => {
    let format: ((id: string) => string) | undefined;
    const stop = i18n._.subscribe((value) => (format = value));
    expect(format?.('connect.title')).toBe('connect.title');
    stop();
    const seen: string[] = [];
    i18n.locale.subscribe((value) => seen.push(value));
    i18n.locale.set('ja');
    expect(seen).toEqual(['en']);
    expect(i18n.getLocaleFromNavigator()).toBe('en');
  });
});
