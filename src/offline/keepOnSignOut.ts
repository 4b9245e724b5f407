// The user's choice at sign-out: 'Keep for reading offline' (off unless ticked). The menu
// sets it just before signing out; the session-end handler takes it once. It names the
// address, so a choice left unused (no session to end) never keeps another sign-out's records.
// (Lower case written out here: this runs at start-up, the cache's code does not.)

const norm = (address: string) => address.toLowerCase();
let keepFor: string | null = null;

export function keepRecordsAtSignOut(address: string | null): void {
  keepFor = address ? norm(address) : null;
}

/** Whether signing `address` out keeps its records; the choice is used up. */
export function takeKeepChoice(address: string): boolean {
  const keep = keepFor === norm(address);
  keepFor = null;
  return keep;
}
