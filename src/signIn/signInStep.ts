import { atom } from 'jotai';

// Kept apart from signIn.ts so the button can show progress without loading the whole flow
// (message check, signature code, wallet library) before the user taps it.
export type SignInStep = 'idle' | 'connecting' | 'network' | 'signing' | 'verifying';
export const signInStepAtom = atom<SignInStep>('idle');
