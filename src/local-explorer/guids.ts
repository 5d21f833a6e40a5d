/**
 * A guid as Blockscout makes them: the address's 40 hex digits, then the unix time in hex.
 * @param address - the submitted address
 * @param nowMs - the current time
 * @returns the guid
 */
export function makeGuid(address: string, nowMs: number = Date.now()): string {
  return `${address.toLowerCase().slice(2)}${Math.floor(nowMs / 1_000).toString(16)}`;
}

/**
 * Whether a guid could be one Blockscout made: unknown when shorter than 41 characters, not hex, or stamped in the
 * future.
 * @param guid - as asked about
 * @param nowMs - the current time
 * @returns true when it is worth looking up
 */
export function isWellFormedGuid(guid: string, nowMs: number): boolean {
  if (guid.length < 41 || !/^[0-9a-fA-F]+$/.test(guid)) return false;
  const seconds = Number.parseInt(guid.slice(40), 16);
  return seconds <= Math.floor(nowMs / 1_000);
}
