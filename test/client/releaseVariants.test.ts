import { describe, expect, it } from "@jest/globals";
import {
  getAddressTokens,
  getBlockTransactions,
  getInternalTransactions,
} from "../../src/client/rest/index.js";
import { restPage } from "../../src/local-explorer/responses.js";
import { testAddress } from "../support/addresses.js";
import { getSourceCode } from "../support/internals.js";
import { restExplorersForEachTest, testHash } from "../support/restData.js";
import type { TestExplorer } from "../support/testExplorer.js";
import { transportFor } from "../support/transportFor.js";

// Bodies as older Blockscout releases and chain variants write them: each is read, none rejects its page.
const { startWithHandler } = restExplorersForEachTest();

async function answering(body: string): Promise<TestExplorer> {
  const explorer = await startWithHandler(async () => restPage([], null));
  explorer.faults.next({ kind: "status", status: 200, contentType: "application/json", body });
  return explorer;
}

const from = `{"hash":"${testAddress(0xa1)}","is_contract":false}`;
const to = `{"hash":"${testAddress(0xa2)}","is_contract":true}`;

describe("REST items of older releases", () => {
  it("reads a block transaction as the pre-rename TransactionView wrote it, with an ERC-1155 batch total", async () => {
    // TransactionView.prepare_transaction before the tx → transaction renaming: `block`, `tx_types`, `tx_tag`,
    // `tx_burnt_fee`, `has_error_in_internal_txs`; prepare_token_transfer_total gives a batch as an array.
    const explorer = await answering(
      `{"items":[{"hash":"${testHash(0x7a)}","result":"success","status":"ok","block":19000000,"timestamp":"2024-01-01T00:00:00.000000Z","from":${from},"to":${to},"created_contract":null,"confirmations":12,"confirmation_duration":[0,12000],"value":"0","fee":{"type":"actual","value":"21000"},"gas_price":"1","type":2,"gas_used":"21000","gas_limit":"30000","max_fee_per_gas":"2","max_priority_fee_per_gas":"1","base_fee_per_gas":"1","priority_fee":"21000","tx_burnt_fee":"21000","nonce":7,"position":0,"revert_reason":null,"raw_input":"0x","decoded_input":null,"token_transfers":[{"tx_hash":"${testHash(0x7a)}","log_index":3,"type":"token_transfer","from":${from},"to":${to},"token":{"address":"${testAddress(0x1155)}","type":"ERC-1155","decimals":null,"name":"Items","symbol":"ITM","holders":"4"},"total":[{"token_id":"1","value":"2","decimals":null},{"token_id":"2","value":"5","decimals":null}]}],"token_transfers_overflow":false,"actions":[],"exchange_rate":null,"method":null,"tx_types":["token_transfer"],"tx_tag":null,"has_error_in_internal_txs":false}],"next_page_params":null}`,
    );
    const page = await getBlockTransactions(transportFor(explorer), { blockNumberOrHash: 19_000_000 });
    const [transaction] = page.items;
    expect(transaction).toMatchObject({
      block_number: 19_000_000,
      transaction_types: ["token_transfer"],
      transaction_burnt_fee: "21000",
      has_error_in_internal_transactions: false,
      status: "ok",
    });
    expect(transaction?.token_transfers?.[0]).toMatchObject({
      transaction_hash: testHash(0x7a),
      total: [
        { token_id: "1", value: "2" },
        { token_id: "2", value: "5" },
      ],
    });
  });

  it("reads an internal transaction whose block number comes as `block`", async () => {
    const explorer = await answering(
      `{"items":[{"error":null,"success":true,"type":"call","transaction_hash":"${testHash(0x7b)}","from":${from},"to":${to},"created_contract":null,"value":"5","block":18000000,"timestamp":"2023-09-01T00:00:00.000000Z","index":1,"gas_limit":"2300"}],"next_page_params":null}`,
    );
    const page = await getInternalTransactions(transportFor(explorer));
    expect(page.items[0]).toMatchObject({
      block_number: 18_000_000,
      transaction_hash: testHash(0x7b),
      index: 1,
    });
  });

  it("reads token amounts and an instance id sent as JSON numbers", async () => {
    const explorer = await answering(
      `{"items":[{"token":{"address_hash":"${testAddress(0x721)}","type":"ERC-721","decimals":0,"total_supply":100,"exchange_rate":1.5,"circulating_market_cap":0,"name":"N","symbol":"N","holders_count":3},"value":"1","token_id":"42","token_instance":{"id":42,"is_unique":true,"metadata":null,"owner":null,"value":1}}],"next_page_params":null}`,
    );
    const page = await getAddressTokens(transportFor(explorer), { address: testAddress(0xbeef) });
    expect(page.items[0]?.token).toMatchObject({
      decimals: "0",
      total_supply: "100",
      exchange_rate: "1.5",
      circulating_market_cap: "0",
    });
    expect(page.items[0]?.token_instance).toMatchObject({ id: "42", value: "1" });
  });
});

describe("getsourcecode items of older releases and chain variants", () => {
  it('reads `ExternalLibraries: ""` and `AdditionalSources: ""` as none, and zkSync\'s optimization mode as no run count', async () => {
    const explorer = await startWithHandler();
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: `{"message":"OK","result":[{"Address":"${testAddress(0xc7)}","SourceCode":"contract Z {}","ABI":"[]","ContractName":"Z","CompilerVersion":"v0.8.24+commit.e11b9ed9","OptimizationUsed":"true","OptimizationRuns":"z","EVMVersion":null,"FileName":"","ExternalLibraries":"","AdditionalSources":"","IsProxy":"false","ZkCompilerVersion":"v1.5.0"}],"status":"1"}`,
    });
    await expect(
      getSourceCode(transportFor(explorer), { address: testAddress(0xc7) }),
    ).resolves.toMatchObject({
      contractName: "Z",
      optimizationUsed: true,
      optimizationRuns: undefined,
      externalLibraries: [],
      additionalSources: [],
    });
  });
});
