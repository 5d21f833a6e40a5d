/**
 * A reader of deployed code that asks the chain for the addresses given at once, a few at a time, before their turn
 * comes: a manifest's entries are made one after another, and a chain that answers each read late would otherwise
 * add its delay once per entry. An address not given is read when asked.
 *
 * @param read - reads one address's code
 * @param addresses - the addresses whose code will be asked
 * @param atOnce - how many reads are in flight at once
 * @returns the reader
 */
export function codeReadsAhead(
  read: (address: string) => Promise<string>,
  addresses: readonly string[],
  atOnce = 8,
): (address: string) => Promise<string> {
  const reads = new Map<string, Promise<string>>();
  let inFlight = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    inFlight--;
    queue.shift()?.();
  };
  for (const address of new Set(addresses.map((each) => each.toLowerCase()))) {
    const started = new Promise<void>((start) => {
      if (inFlight < atOnce) start();
      else queue.push(start);
    });
    inFlight++;
    const code = started.then(() => read(address)).finally(next);
    // Its failure is the entry's, when the entry asks; none goes unhandled meanwhile.
    code.catch(() => {});
    reads.set(address, code);
  }
  return (address) => reads.get(address.toLowerCase()) ?? read(address);
}
