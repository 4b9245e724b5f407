// Whether a recipient has a JU Wallet account, asked of the server (isRegister) as soon as the
// address field is left, so an unknown address is refused on the field, before the confirm
// step. One question per address while the form is open. A check that gets no answer
// (offline, too many checks) decides nothing: the transfer itself is refused by the server.
import * as v from 'valibot';
import { useCallback, useRef } from 'react';
import { evmAddressSchema } from '../../../contract/api/money.ts';
import { useApi } from '../../state/apiContext.tsx';
import { fetchRegistration } from '../../state/queries/auth.ts';

/** true: has an account; false: has none; null: not a well-formed address, or no answer. */
export type RecipientKnown = boolean | null;

export function useRecipientCheck(): (address: string) => Promise<RecipientKnown> {
  const api = useApi();
  const answers = useRef(new Map<string, Promise<RecipientKnown>>());
  return useCallback(
    (address: string) => {
      // Only a well-formed address is worth asking about; the form says what else is wrong.
      if (!v.is(evmAddressSchema, address)) return Promise.resolve(null);
      const key = address.toLowerCase();
      let answer = answers.current.get(key);
      if (!answer) {
        answer = fetchRegistration(api, address).then(
          (status) => status.registered,
          () => {
            // Asked again next time: the failure may pass.
            answers.current.delete(key);
            return null;
          },
        );
        answers.current.set(key, answer);
      }
      return answer;
    },
    [api],
  );
}
