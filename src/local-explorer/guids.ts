/** A guid as Blockscout makes them: the address's 40 hex digits, then the unix second in hex. */
export function makeGuid(address: string, nowMs: number = Date.now()): string {
  return `${address.toLowerCase().slice(2)}${Math.floor(nowMs / 1_000).toString(16)}`;
}

/** Whether a guid could be one Blockscout made: not when shorter than 41 characters, not hex, or stamped later. */
export function isWellFormedGuid(guid: string, nowMs: number): boolean {
  if (guid.length < 41 || !/^[0-9a-fA-F]+$/.test(guid)) return false;
  const seconds = Number.parseInt(guid.slice(40), 16);
  return seconds <= Math.floor(nowMs / 1_000);
}
