// A payment sent from another of the user's wallets: it is theirs to claim only with a
// signature by the wallet that sent it (EIP-191 personal_sign over paymentClaimMessage), so
// nobody can claim a payment by naming it, and an operator never has to decide whose it is.
import { paymentClaimMessage } from '../../contract/api/chain.ts';
import { sameAddress } from '../../contract/wallet/addressShape.ts';
import { recoverPersonalSignAddress } from '../../contract/wallet/eip191.ts';
import type { ServerContext } from '../context.ts';
import { DomainError } from '../domainError.ts';

/** The sender, lower-case, when `signature` is its claim for `account`; refused otherwise. */
export function claimedPayer(
  context: ServerContext,
  claim: { hash: string; account: string; sender: string; signature: string },
): string {
  const message = paymentClaimMessage({ ...claim, chainId: context.settings.chain.id });
  let signer: string;
  try {
    signer = recoverPersonalSignAddress(message, claim.signature);
  } catch {
    throw invalidClaim(claim.sender);
  }
  if (!sameAddress(signer, claim.sender)) throw invalidClaim(claim.sender);
  return claim.sender.toLowerCase();
}

function invalidClaim(sender: string): DomainError {
  return new DomainError('payment_claim_invalid', {
    data: { field: 'payer_claim', sender: sender.toLowerCase() },
  });
}
