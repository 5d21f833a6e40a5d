// How each Blockscout release the local explorer can stand for shapes what changed in 12.0 (blockscout-api.md §21):
// the protocol layer asks here instead of branching on a version number of its own.

/** The releases the local explorer answers as: 11 (before 12.0, the default) and 12. */
export const blockscoutVersions = ["11", "12"] as const;

/** One of {@link blockscoutVersions}. */
export type BlockscoutVersion = (typeof blockscoutVersions)[number];

/** The shapes and refusals of one release. */
export interface BlockscoutShapes {
  /** `ConstructorArguments` (RPC) and `constructor_args` (REST) start with this: `0x` from 12 on. */
  constructorArgumentsPrefix: "" | "0x";
  /** `AdditionalSources[].Filename` starts with this: `/` from 12 on (`/contracts/Lib.sol`). */
  additionalSourcePrefix: "" | "/";
  /** Verification input with constructor arguments that are not hex is refused (12). */
  refusesNonHexConstructorArguments: boolean;
  /**
   * `verify_via_sourcify` goes through Sourcify API v2 (12): it needs a part named exactly `metadata.json`, and a
   * failed match is `Contract is not verified`.
   */
  sourcifyApiV2: boolean;
  /**
   * Request parameters dropped from `next_page_params` besides the filters: from 12 on the API key `key`, the sort
   * and `state_filter`, and `items_count` (a page-size parameter there, no longer a cursor key).
   */
  notEchoedInNextPage: readonly string[];
  /** `limit` of `/internal-transactions` is gone: 12 answers it with 422. */
  refusesInternalTransactionsLimit: boolean;
}

const shapes: Record<BlockscoutVersion, BlockscoutShapes> = {
  "11": {
    constructorArgumentsPrefix: "",
    additionalSourcePrefix: "",
    refusesNonHexConstructorArguments: false,
    sourcifyApiV2: false,
    notEchoedInNextPage: [],
    refusesInternalTransactionsLimit: false,
  },
  "12": {
    constructorArgumentsPrefix: "0x",
    additionalSourcePrefix: "/",
    refusesNonHexConstructorArguments: true,
    sourcifyApiV2: true,
    notEchoedInNextPage: ["key", "sort", "order", "state_filter", "items_count"],
    refusesInternalTransactionsLimit: true,
  },
};

/**
 * The shapes of a release.
 *
 * @param version - the release, default {@link defaultBlockscoutVersion}
 * @returns its shapes
 * @throws {Error} for a version that is not one of {@link blockscoutVersions} (callers check user input first)
 */
export function blockscoutShapes(version: BlockscoutVersion = "11"): BlockscoutShapes {
  return shapes[version];
}

/**
 * Tells whether a text names a release the local explorer can answer as.
 *
 * @param text - what the user gave
 * @returns true for `11` or `12`
 */
export function isBlockscoutVersion(text: unknown): text is BlockscoutVersion {
  return blockscoutVersions.some((version) => version === text);
}

/**
 * Stored constructor arguments (hex, `0x` or not) as the release sends them.
 *
 * @param hex - the stored value
 * @param release - the release's shapes
 * @returns the wire value
 */
export function wireConstructorArguments(hex: string, release: BlockscoutShapes): string {
  return `${release.constructorArgumentsPrefix}${hex.replace(/^0x/i, "")}`;
}

/**
 * A stored source name (the compiler's, `contracts/Lib.sol`) as the release sends it in `AdditionalSources`.
 *
 * @param name - the stored name
 * @param release - the release's shapes
 * @returns the wire name
 */
export function wireAdditionalSourceName(name: string, release: BlockscoutShapes): string {
  return name.startsWith(release.additionalSourcePrefix) ? name : `${release.additionalSourcePrefix}${name}`;
}
