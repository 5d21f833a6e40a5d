// The transformations that make compiled code comparable with deployed code: what the deployment filled in
// (library addresses, immutable values, a library's own address) is copied from the deployed code, and the
// metadata (CBOR auxdata) is set apart. Every matcher of this package uses these, and only these.

/** A byte range in code, as the compiler reports link and immutable references. */
export interface Span {
  start: number;
  length: number;
}

/** `file -> library name -> spans`, the compiler's `linkReferences`. */
export type LinkReferences = Record<string, Record<string, Span[]>>;
/** `AST id -> spans`, the compiler's `immutableReferences`. */
export type ImmutableReferences = Record<string, Span[]>;

/** Compiled runtime code with the references a deployment fills in. */
export interface CompiledRuntime {
  /** Hex, with or without `0x`. */
  object: string;
  linkReferences?: LinkReferences | undefined;
  immutableReferences?: ImmutableReferences | undefined;
}

/**
 * Lower-case hex without `0x`.
 * @param code - hex, with or without `0x`
 */
export function bareHex(code: string): string {
  return code.replace(/^0x/i, "").toLowerCase();
}

/** Where the CBOR metadata at the end of some code starts (its last two bytes give its length). */
function metadataStart(code: string): number {
  if (code.length < 4) return code.length;
  const length = Number.parseInt(code.slice(-4), 16);
  const start = code.length - 4 - length * 2;
  // The metadata map begins with a CBOR map header (0xa1..0xa7); anything else is not metadata.
  if (start < 0 || !/^a[1-7]$/.test(code.slice(start, start + 2))) return code.length;
  return start;
}

/** The hash of the metadata file a metadata block carries (the `bytecodeHash` setting), by its CBOR key. */
export type MetadataHashKind = "ipfs" | "bzzr0" | "bzzr1";

// Each key as a CBOR text string, followed by the byte-string header of its hash (34 bytes for IPFS, 32 for Swarm).
const metadataHashKeys: ReadonlyArray<[MetadataHashKind, string]> = [
  ["ipfs", "64697066735822"],
  ["bzzr0", "65627a7a72305820"],
  ["bzzr1", "65627a7a72315820"],
];

/**
 * Which hash of the metadata file the code's trailing metadata block carries, as Sourcify decodes it: none when the
 * code has no block (`appendCBOR: false`) or a block without a hash (`bytecodeHash: "none"`).
 * @param code - hex, with or without `0x`
 * @returns its kind, and the hash in hex (for IPFS the multihash, `1220…`)
 */
export function trailingMetadataHash(code: string): { kind: MetadataHashKind; hash: string } | undefined {
  const bare = bareHex(code);
  const start = metadataStart(bare);
  if (start === bare.length) return undefined;
  const block = bare.slice(start, -4);
  for (const [kind, key] of metadataHashKeys) {
    const at = block.indexOf(key);
    // The key's last byte is the length of the byte string that follows.
    const end = at + key.length + Number.parseInt(key.slice(-2), 16) * 2;
    if (at >= 0 && at % 2 === 0) return { kind, hash: block.slice(at + key.length, end) };
  }
  return undefined;
}

/**
 * The compiler release a code's trailing metadata block names (its `solc` key, three bytes: solc 0.5.9 and later), as
 * Sourcify decodes it; none for code without a block, or with a prerelease's longer version text.
 * @param code - hex, with or without `0x`
 * @returns e.g. `0.8.28`, or undefined
 */
export function metadataSolcRelease(code: string): string | undefined {
  const bare = bareHex(code);
  const start = metadataStart(bare);
  if (start === bare.length) return undefined;
  // "solc" as a CBOR text key, then the header of a 3-byte string.
  const at = bare.slice(start, -4).lastIndexOf("64736f6c6343");
  if (at < 0 || at % 2 !== 0) return undefined;
  const bytes = bare.slice(start + at + 12, start + at + 18);
  return [0, 2, 4].map((i) => Number.parseInt(bytes.slice(i, i + 2), 16)).join(".");
}

function copySpans(compiled: string, deployed: string, spans: readonly Span[]): string {
  let code = compiled;
  for (const span of spans) {
    const from = span.start * 2;
    const to = from + span.length * 2;
    code = code.slice(0, from) + deployed.slice(from, to) + code.slice(to);
  }
  return code;
}

function firstValue(deployed: string, spans: readonly Span[]): string {
  const span = spans[0];
  return span ? deployed.slice(span.start * 2, (span.start + span.length) * 2) : "";
}

/**
 * The library addresses a deployment linked, read where the compiler left its placeholders.
 * @returns `file:Library` to `0x` address
 */
export function linkedLibraryAddresses(
  linkReferences: LinkReferences | undefined,
  deployedCode: string,
): Record<string, string> {
  const deployed = bareHex(deployedCode);
  const libraries: Record<string, string> = {};
  for (const [file, byName] of Object.entries(linkReferences ?? {})) {
    for (const [name, spans] of Object.entries(byName)) {
      if (spans.length > 0) libraries[`${file}:${name}`] = `0x${firstValue(deployed, spans)}`;
    }
  }
  return libraries;
}

/** Compiled runtime code made comparable with the deployed code, and what the deployment filled in. */
export interface NormalisedRuntime {
  /** The compiled code with the deployment's library addresses, immutables and call protection copied in. */
  code: string;
  /** The deployed code, bare hex. */
  deployed: string;
  libraries: Record<string, string>;
  /** Immutable values by AST id, `0x` hex. */
  immutables: Record<string, string>;
}

/**
 * Copies into compiled runtime code what a deployment fills in: linked library addresses, immutable values,
 * and a library's own address (its call protection, a PUSH20 of zeros at the start).
 *
 * @returns the normalised code, or undefined when the lengths differ (nothing to compare)
 */
export function normaliseRuntime(
  compiled: CompiledRuntime,
  deployedCode: string,
): NormalisedRuntime | undefined {
  const code = bareHex(compiled.object);
  const deployed = bareHex(deployedCode);
  if (code.length === 0 || code.length !== deployed.length) return undefined;
  const librarySpans = Object.values(compiled.linkReferences ?? {}).flatMap((byName) =>
    Object.values(byName).flat(),
  );
  const immutables: Record<string, string> = {};
  for (const [id, spans] of Object.entries(compiled.immutableReferences ?? {})) {
    immutables[id] = `0x${firstValue(deployed, spans)}`;
  }
  const immutableSpans = Object.values(compiled.immutableReferences ?? {}).flat();
  const callProtection = code.startsWith(`73${"00".repeat(20)}`) ? [{ start: 1, length: 20 }] : [];
  return {
    code: copySpans(code, deployed, [...librarySpans, ...immutableSpans, ...callProtection]),
    deployed,
    libraries: linkedLibraryAddresses(compiled.linkReferences, deployed),
    immutables,
  };
}

/**
 * Every Solidity metadata block (CBOR auxdata) in some code: the trailing one, and those of creation codes a
 * contract embeds (a factory's children). Each is a CBOR map holding the `solc` version key (solc 0.5.9 and
 * later) or, before, only a `bzzr0` hash, followed by its two-byte length.
 */
function auxdataSpans(code: string): Span[] {
  const spans: Span[] = [];
  // "solc" as a CBOR text key, then a 3-byte string: the compiler version, last in the map.
  const solcKey = "64736f6c6343";
  for (let at = code.indexOf(solcKey); at >= 0; at = code.indexOf(solcKey, at + 2)) {
    if (at % 2 !== 0) continue;
    const mapEnd = at + solcKey.length + 6;
    const length = Number.parseInt(code.slice(mapEnd, mapEnd + 4), 16);
    const start = mapEnd - length * 2;
    if (!Number.isFinite(length) || start < 0 || !/^a[1-7]$/.test(code.slice(start, start + 2))) continue;
    spans.push({ start: start / 2, length: length + 2 });
  }
  // Before: "bzzr0" then a 32-byte string, first in a map of one entry, or two with `"experimental": true`.
  const bzzr0Key = "65627a7a72305820";
  const experimental = "6c6578706572696d656e74616cf5";
  for (let at = code.indexOf(bzzr0Key); at >= 0; at = code.indexOf(bzzr0Key, at + 2)) {
    const start = at - 2;
    if (at % 2 !== 0 || spans.some((span) => span.start * 2 === start)) continue;
    const hashEnd = at + bzzr0Key.length + 64;
    const twoEntries = code.startsWith(experimental, hashEnd);
    const mapEnd = twoEntries ? hashEnd + experimental.length : hashEnd;
    if (code.slice(start, at) !== (twoEntries ? "a2" : "a1")) continue;
    if (Number.parseInt(code.slice(mapEnd, mapEnd + 4), 16) * 2 !== mapEnd - start) continue;
    spans.push({ start: start / 2, length: (mapEnd - start) / 2 + 2 });
  }
  return spans.sort((a, b) => a.start - b.start);
}

/**
 * Whether compiled code is the deployed code outside its metadata blocks (found in the compiled code, and
 * copied from the deployed code before comparing). The codes must have the same length.
 * @param compiled - bare hex, normalised (see {@link normaliseRuntime})
 * @param deployed - bare hex
 */
export function sameOutsideMetadata(compiled: string, deployed: string): boolean {
  if (compiled.length !== deployed.length) return false;
  return copySpans(compiled, deployed, auxdataSpans(compiled)) === deployed;
}

/**
 * Code without its trailing metadata block (and the INVALID opcode that separates it).
 * @param code - bare hex
 */
export function withoutTrailingMetadata(code: string): string {
  const start = metadataStart(code);
  // The compiler puts an INVALID opcode (0xfe) before the metadata, and leaves both out without it.
  return start < code.length && code.slice(start - 2, start) === "fe"
    ? code.slice(0, start - 2)
    : code.slice(0, start);
}

/**
 * Fills library addresses into compiled creation code.
 * @param object - the creation code, hex
 * @param libraries - `file:Library` to address; a missing one stays zero
 * @returns the linked creation code, bare hex
 */
export function linkCreationCode(
  object: string,
  linkReferences: LinkReferences | undefined,
  libraries: Record<string, string>,
): string {
  let creation = bareHex(object);
  for (const [file, byName] of Object.entries(linkReferences ?? {})) {
    for (const [name, spans] of Object.entries(byName)) {
      const address = bareHex(libraries[`${file}:${name}`] ?? "0".repeat(40)).padStart(40, "0");
      for (const span of spans) {
        creation =
          creation.slice(0, span.start * 2) + address + creation.slice((span.start + span.length) * 2);
      }
    }
  }
  return creation;
}

/**
 * Whether compiled runtime code is the code deployed, ignoring what the deployment fills in and the metadata.
 * @param compiled - the compiled runtime code and its references
 * @param deployedCode - the code at the address
 * @returns true when the executable code is the same
 */
export function isSameExecutableCode(compiled: CompiledRuntime, deployedCode: string): boolean {
  const normalised = normaliseRuntime(compiled, deployedCode);
  return normalised !== undefined && sameOutsideMetadata(normalised.code, normalised.deployed);
}
