/**
 * What a client has learned about its explorer's optional features: asked once, remembered for the client's life.
 * Each transport owns one; give the same object to several transports of one explorer to share what they learn,
 * or a fresh one in a test to start from nothing.
 */
export class ExplorerCapabilities {
  /** Whether `GET /api/v2/smart-contracts/{address}` exists there; undefined until an answer says. */
  smartContractStatus: boolean | undefined = undefined;
  /** The endpoint has answered 200 once: a 404 `Not found` from it then surely means "not a contract". */
  smartContractStatusAnswered = false;
  /** The probe in flight, which concurrent callers wait for instead of probing again. */
  smartContractStatusProbe: Promise<boolean> | undefined = undefined;
  /**
   * The action name of registry verification there: `verify_via_registry` (the specification's) until the explorer
   * answers it `Unknown action`, then `verify_via_sourcify` (Blockscout's).
   */
  registryAction: "verify_via_registry" | "verify_via_sourcify" = "verify_via_registry";
}
