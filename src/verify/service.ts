/** The verification services a run can send contracts to. */
export const services = ["blockscout", "etherscan", "sourcify", "routescan"] as const;

/** One verification service: `blockscout` (the default), `etherscan` (API v2), `sourcify` (API v2), `routescan`. */
export type Service = (typeof services)[number];

/** Each service's name in a sentence. */
export const serviceTitles: Readonly<Record<Service, string>> = {
  blockscout: "Blockscout",
  etherscan: "Etherscan",
  sourcify: "Sourcify",
  routescan: "Routescan",
};
