/** The verification services a run can send contracts to. */
export const services = ["blockscout", "etherscan", "sourcify", "routescan"] as const;

/** One verification service: `blockscout` (the default), `etherscan` (API v2), `sourcify` (API v2), `routescan`. */
export type Service = (typeof services)[number];

/**
 * Whether a word names a service.
 *
 * @param word - the word, as read
 * @returns true when it is one of {@link services}
 */
export function isService(word: string): word is Service {
  return (services as readonly string[]).includes(word);
}

/** Each service's name in a sentence. */
export const serviceTitles: Readonly<Record<Service, string>> = {
  blockscout: "Blockscout",
  etherscan: "Etherscan",
  sourcify: "Sourcify",
  routescan: "Routescan",
};
