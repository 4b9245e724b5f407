// Which part of a language's catalog a message ships in, from the files that use it.
import { describe, expect, it } from 'vitest';
import { catalogPartOf } from '../../../scripts/catalogParts.ts';

describe('catalogPartOf', () => {
  it('puts what the shell, home, sign-in button and shared controls say in the first part', () => {
    for (const file of [
      'src/shell/Menu.tsx',
      'src/features/home/HomeScreen.tsx',
      'src/signIn/SignInButton.tsx',
      'src/signIn/SignInPromptDialogs.tsx',
      'src/ui/RecordList.tsx',
      'src/routes/__root.tsx',
      'src/routes/_auth.tsx',
    ])
      expect(catalogPartOf([file]), file).toBe('first');
  });

  it('puts feature screens, the error catalogue and the steps after Connect wallet in the rest', () => {
    for (const file of [
      'src/signIn/signIn.ts',
      'src/signIn/walletMessages.ts',
      'src/signIn/InviteCodeDialog.tsx',
      'src/signIn/NetworkPrompt.tsx',
      'src/signIn/WalletSheet.tsx',
      'src/features/card/CardDetailScreen.tsx',
      'src/features/withdraw/WithdrawScreen.tsx',
      'src/ui/moneyLabels.ts',
      'src/payment/usePayment.ts',
      'src/routes/_auth/node.tsx',
      'contract/api/errors.ts',
    ])
      expect(catalogPartOf([file]), file).toBe('rest');
  });

  it('keeps a message used on both sides, or used nowhere known, in the first part', () => {
    expect(catalogPartOf(['src/features/card/A.tsx', 'src/ui/Field.tsx'])).toBe('first');
    expect(catalogPartOf([])).toBe('first');
  });
});
