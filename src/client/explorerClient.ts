import { assertAddress } from "../kernel/validate.js";
import * as contract from "./contract/index.js";
import { verifyViaRegistryOrSourcify } from "./contract/verifyViaRegistry.js";
import type { ExplorerUrls } from "./explorerUrl.js";
import { getSmartContractStatus, type SmartContractStatus } from "./rest/getSmartContractStatus.js";
import type * as rest from "./rest/index.js";
import {
  assertBlockNumberOrHash,
  assertBlockTransactionType,
  assertInternalTransactionDirection,
  assertTokenId,
  assertTokenTypeFilter,
  assertTransactionHash,
  nftCollectionTypes,
  tokenTypes,
} from "./rest/validateRest.js";
import { Transport } from "./transport.js";
import type { TransportOptions } from "./transportOptions.js";

export interface ExplorerClientOptions extends TransportOptions {
  /** Where the explorer's pages live, when its requests go elsewhere (the Blockscout API). Default: its base. */
  pagesUrl?: string | undefined;
}

/**
 * A typed client for one explorer's contract module and REST lists, at one settled endpoint. Every method validates
 * its input before sending, validates the answer with a schema, and throws this package's typed errors.
 */
export class ExplorerClient {
  readonly transport: Transport;
  readonly #pagesUrl: string | undefined;

  /**
   * @param options - the explorer (in any usual form, or its settled URLs), key, headers, time limits, retry and
   *   rate settings
   * @param transport - the transport, when it is another client's for work under a deadline (see {@link ExplorerClient.until})
   * @throws {InvalidInputError} for a URL that is not http(s), or bad headers
   */
  constructor(options: ExplorerClientOptions, transport = new Transport(options)) {
    this.transport = transport;
    this.#pagesUrl = options.pagesUrl;
  }

  /**
   * The same explorer, for work that must end by a deadline: the same endpoint, pages, limiter and refusals, and a
   * transport whose requests and waits answer to `endsAt` (`Transport.until`).
   * @param client - a client
   * @param endsAt - ms since the epoch
   * @returns the client's view
   */
  static until(client: ExplorerClient, endsAt: number): ExplorerClient {
    return new ExplorerClient(
      { explorerUrl: client.urls, pagesUrl: client.#pagesUrl },
      client.transport.until(endsAt),
    );
  }

  /**
   * The explorer's base, RPC and REST URLs. Through the Blockscout API, `rpc` and `rest` are the API's and `base`
   * is still the chain's own instance, where pages for people live.
   */
  get urls(): ExplorerUrls {
    return { ...this.transport.urls, base: this.#pagesUrl ?? this.transport.urls.base };
  }

  /**
   * The explorer page of an address's code.
   * @param address - a contract address
   * @returns `{base}/address/{address}#code`
   */
  codeUrl(address: string): string {
    return `${this.urls.base}/address/${address}#code`;
  }

  // Each method is the function of the same name with this client's transport: same name, same parameters.

  /** `listcontracts`. @param parameters - paging and filter @returns the page's contracts */
  listContracts(parameters?: contract.ListContractsParameters): Promise<contract.ListedContract[]> {
    return contract.listContracts(this.transport, parameters);
  }

  /** `getabi`. @param parameters - `{ address }`, the contract's @returns the ABI, or null when not verified */
  getAbi(parameters: contract.GetAbiParameters): Promise<unknown[] | null> {
    return contract.getAbi(this.transport, parameters);
  }

  /** `getsourcecode`. @param parameters - `{ address }`, the contract's @returns the verified contract, or null */
  getSourceCode(parameters: contract.GetSourceCodeParameters): Promise<contract.VerifiedContract | null> {
    return contract.getSourceCode(this.transport, parameters);
  }

  /**
   * `getsourcecode`, checked with the smart-contract status: says whether the sources are the address's own or a
   * bytecode twin's or EIP-1167 implementation's.
   * @param parameters - `{ address }`, the contract's @returns the reading, or null
   */
  readVerifiedContract(
    parameters: contract.ReadVerifiedContractParameters,
  ): Promise<contract.VerifiedContractReading | null> {
    return contract.readVerifiedContract(this.transport, parameters);
  }

  /** `getcontractcreation`, in chunks of ten. @param parameters - `{ addresses }` @returns creations found */
  getContractCreation(
    parameters: contract.GetContractCreationParameters,
  ): Promise<contract.ContractCreation[]> {
    return contract.getContractCreation(this.transport, parameters);
  }

  /** `verify` (flattened source, JSON body). @param parameters - the submission @returns the outcome */
  verify(parameters: contract.VerifyParameters): Promise<contract.SubmissionOutcome> {
    return contract.verify(this.transport, parameters);
  }

  /** `verifysourcecode`. @param parameters - the submission @returns the outcome */
  verifySourceCode(parameters: contract.VerifySourceCodeParameters): Promise<contract.SubmissionOutcome> {
    return contract.verifySourceCode(this.transport, parameters);
  }

  /** `verify_vyper_contract`. @param parameters - the submission @returns the outcome */
  verifyVyperContract(
    parameters: contract.VerifyVyperContractParameters,
  ): Promise<contract.SubmissionOutcome> {
    return contract.verifyVyperContract(this.transport, parameters);
  }

  /**
   * The registry submission: `verify_via_registry`, the specification's name, and after an `Unknown action`
   * answer `verify_via_sourcify`, real Blockscout's, which this explorer then gets from the first try.
   * @param parameters - address and files
   * @returns the outcome
   */
  verifyViaRegistry(parameters: contract.VerifyViaRegistryParameters): Promise<contract.SubmissionOutcome> {
    return verifyViaRegistryOrSourcify(this.transport, parameters);
  }

  /** `checkverifystatus`. @param parameters - `{ guid }`, the receipt @returns the state */
  checkVerifyStatus(parameters: contract.CheckVerifyStatusParameters): Promise<contract.VerifyStatus> {
    return contract.checkVerifyStatus(this.transport, parameters);
  }

  /**
   * `verifyproxycontract`.
   * @param parameters - the proxy, and the implementation it should link to (optional)
   * @returns a guid
   */
  verifyProxyContract(parameters: contract.VerifyProxyContractParameters): Promise<string> {
    return contract.verifyProxyContract(this.transport, parameters);
  }

  /** `checkproxyverification`. @param parameters - `{ guid }`, the receipt @returns the state */
  checkProxyVerification(
    parameters: contract.CheckProxyVerificationParameters,
  ): Promise<contract.ProxyVerificationStatus> {
    return contract.checkProxyVerification(this.transport, parameters);
  }

  /** `GET /api/v2/addresses/{address}/tokens`, one page. @param parameters - address and type filter @param cursor - the previous page's `nextPageParams` @returns the page */
  async getAddressTokens(
    parameters: rest.GetAddressTokensParameters,
    cursor?: rest.PageCursor,
  ): Promise<rest.RestPage<rest.TokenBalanceItem>> {
    const list = await import("./rest/getAddressTokens.js");
    return list.getAddressTokens(this.transport, parameters, cursor);
  }

  /** `GET /api/v2/addresses/{address}/tokens`, every page. @param parameters - address and type filter @returns pages */
  iterateAddressTokens(
    parameters: rest.GetAddressTokensParameters,
  ): AsyncGenerator<rest.RestPage<rest.TokenBalanceItem>> {
    assertAddress(parameters.address);
    assertTokenTypeFilter(parameters.type, tokenTypes);
    return pagesOf(
      () => import("./rest/getAddressTokens.js"),
      (list) => list.iterateAddressTokens(this.transport, parameters),
    );
  }

  /** `GET /api/v2/addresses/{address}/nft/collections`, one page. @param parameters - address and type filter @param cursor - the previous page's `nextPageParams` @returns the page */
  async getAddressNftCollections(
    parameters: rest.GetAddressNftCollectionsParameters,
    cursor?: rest.PageCursor,
  ): Promise<rest.RestPage<rest.NftCollectionItem>> {
    const list = await import("./rest/getAddressNftCollections.js");
    return list.getAddressNftCollections(this.transport, parameters, cursor);
  }

  /** `GET /api/v2/addresses/{address}/nft/collections`, every page. @param parameters - address and type filter @returns pages */
  iterateAddressNftCollections(
    parameters: rest.GetAddressNftCollectionsParameters,
  ): AsyncGenerator<rest.RestPage<rest.NftCollectionItem>> {
    assertAddress(parameters.address);
    assertTokenTypeFilter(parameters.type, nftCollectionTypes);
    return pagesOf(
      () => import("./rest/getAddressNftCollections.js"),
      (list) => list.iterateAddressNftCollections(this.transport, parameters),
    );
  }

  /** `GET /api/v2/blocks/{n}/transactions`, one page. @param parameters - block number or hash @param cursor - the previous page's `nextPageParams` @returns the page */
  async getBlockTransactions(
    parameters: rest.GetBlockTransactionsParameters,
    cursor?: rest.PageCursor,
  ): Promise<rest.RestPage<rest.Transaction>> {
    const list = await import("./rest/getBlockTransactions.js");
    return list.getBlockTransactions(this.transport, parameters, cursor);
  }

  /** `GET /api/v2/blocks/{n}/transactions`, every page. @param parameters - block number or hash @returns pages */
  iterateBlockTransactions(
    parameters: rest.GetBlockTransactionsParameters,
  ): AsyncGenerator<rest.RestPage<rest.Transaction>> {
    assertBlockNumberOrHash(parameters.blockNumberOrHash);
    assertBlockTransactionType(parameters.type);
    return pagesOf(
      () => import("./rest/getBlockTransactions.js"),
      (list) => list.iterateBlockTransactions(this.transport, parameters),
    );
  }

  /** `GET /api/v2/blocks/{n}/withdrawals`, one page. @param parameters - block number or hash @param cursor - the previous page's `nextPageParams` @returns the page */
  async getBlockWithdrawals(
    parameters: rest.GetBlockWithdrawalsParameters,
    cursor?: rest.PageCursor,
  ): Promise<rest.RestPage<rest.Withdrawal>> {
    const list = await import("./rest/getBlockWithdrawals.js");
    return list.getBlockWithdrawals(this.transport, parameters, cursor);
  }

  /** `GET /api/v2/blocks/{n}/withdrawals`, every page. @param parameters - block number or hash @returns pages */
  iterateBlockWithdrawals(
    parameters: rest.GetBlockWithdrawalsParameters,
  ): AsyncGenerator<rest.RestPage<rest.Withdrawal>> {
    assertBlockNumberOrHash(parameters.blockNumberOrHash);
    return pagesOf(
      () => import("./rest/getBlockWithdrawals.js"),
      (list) => list.iterateBlockWithdrawals(this.transport, parameters),
    );
  }

  /** `GET /api/v2/internal-transactions`, one page. @param parameters - optional transaction hash @param cursor - the previous page's `nextPageParams` @returns the page */
  async getInternalTransactions(
    parameters: rest.GetInternalTransactionsParameters = {},
    cursor?: rest.PageCursor,
  ): Promise<rest.RestPage<rest.InternalTransaction>> {
    const list = await import("./rest/getInternalTransactions.js");
    return list.getInternalTransactions(this.transport, parameters, cursor);
  }

  /** `GET /api/v2/internal-transactions`, every page. @param parameters - optional transaction hash @returns pages */
  iterateInternalTransactions(
    parameters: rest.GetInternalTransactionsParameters = {},
  ): AsyncGenerator<rest.RestPage<rest.InternalTransaction>> {
    if (parameters.transactionHash !== undefined) assertTransactionHash(parameters.transactionHash);
    return pagesOf(
      () => import("./rest/getInternalTransactions.js"),
      (list) => list.iterateInternalTransactions(this.transport, parameters),
    );
  }

  /** `GET /api/v2/addresses/{address}/internal-transactions`, one page. @param parameters - address and direction @param cursor - the previous page's `nextPageParams` @returns the page */
  async getAddressInternalTransactions(
    parameters: rest.GetAddressInternalTransactionsParameters,
    cursor?: rest.PageCursor,
  ): Promise<rest.RestPage<rest.InternalTransaction>> {
    const list = await import("./rest/getAddressInternalTransactions.js");
    return list.getAddressInternalTransactions(this.transport, parameters, cursor);
  }

  /** `GET /api/v2/addresses/{address}/internal-transactions`, every page. @param parameters - address and direction @returns pages */
  iterateAddressInternalTransactions(
    parameters: rest.GetAddressInternalTransactionsParameters,
  ): AsyncGenerator<rest.RestPage<rest.InternalTransaction>> {
    assertAddress(parameters.address);
    assertInternalTransactionDirection(parameters.direction);
    return pagesOf(
      () => import("./rest/getAddressInternalTransactions.js"),
      (list) => list.iterateAddressInternalTransactions(this.transport, parameters),
    );
  }

  /** `GET /api/v2/tokens/{address}/instances/{id}/holders`, one page. @param parameters - token and id @param cursor - the previous page's `nextPageParams` @returns the page */
  async getTokenInstanceHolders(
    parameters: rest.GetTokenInstanceHoldersParameters,
    cursor?: rest.PageCursor,
  ): Promise<rest.RestPage<rest.TokenInstanceHolder>> {
    const list = await import("./rest/getTokenInstanceHolders.js");
    return list.getTokenInstanceHolders(this.transport, parameters, cursor);
  }

  /** `GET /api/v2/tokens/{address}/instances/{id}/holders`, every page. @param parameters - token and id @returns pages */
  iterateTokenInstanceHolders(
    parameters: rest.GetTokenInstanceHoldersParameters,
  ): AsyncGenerator<rest.RestPage<rest.TokenInstanceHolder>> {
    assertAddress(parameters.tokenAddress, "tokenAddress");
    assertTokenId(parameters.tokenId);
    return pagesOf(
      () => import("./rest/getTokenInstanceHolders.js"),
      (list) => list.iterateTokenInstanceHolders(this.transport, parameters),
    );
  }

  /** `GET /api/v2/smart-contracts/{address}`. @param parameters - `{ address }`, the contract's @returns its status, or null when not a contract */
  getSmartContractStatus(
    parameters: rest.GetSmartContractStatusParameters,
  ): Promise<SmartContractStatus | null> {
    return getSmartContractStatus(this.transport, parameters);
  }
}

// The REST lists load when first read: their schemas are built on load, and verification needs none of them.
// Their parameters are still checked at once, as the list modules' own iterators do.
async function* pagesOf<List, Page>(
  load: () => Promise<List>,
  pages: (list: List) => AsyncGenerator<Page>,
): AsyncGenerator<Page> {
  yield* pages(await load());
}
