// The dialogs behind SignInPrompts, loaded the first time one of them is asked.
import { InviteCodeDialog } from './InviteCodeDialog.tsx';
import { NetworkPrompt } from './NetworkPrompt.tsx';
import { WalletElsewhereSheet } from './WalletElsewhereSheet.tsx';
import { WalletSheet } from './WalletSheet.tsx';

/** The questions sign-in may ask; one shows at a time, as the flow asks them in turn. */
export function SignInPromptDialogs() {
  return (
    <>
      <WalletSheet />
      <NetworkPrompt />
      <InviteCodeDialog />
      <WalletElsewhereSheet />
    </>
  );
}
