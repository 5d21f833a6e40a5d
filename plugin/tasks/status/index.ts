import { task } from "hardhat/config";
import { ArgumentType } from "hardhat/types/arguments";

export default task(
  ["explorer-verify", "status"],
  "Look up a verification (or proxy link) by its guid; without one, print the ledger",
)
  .addPositionalArgument({
    name: "guid",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "The guid a submission returned (without it: the ledger, every contract on every chain)",
    defaultValue: undefined,
  })
  .addOption({
    name: "ledger",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "The ledger to print without a guid (default .explorer-verify/ledger.json in the project)",
    defaultValue: undefined,
  })
  .addOption({
    name: "target",
    type: ArgumentType.STRING,
    description: "The service asked: blockscout, etherscan, sourcify or routescan",
    defaultValue: "blockscout",
  })
  .addOption({
    name: "explorerUrl",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "The explorer (else the chain descriptor's Blockscout URL)",
    defaultValue: undefined,
  })
  .addFlag({ name: "proxy", description: "The guid is a proxy link's (checkproxyverification)" })
  .addFlag({ name: "json", description: "Print the status as JSON" })
  .setAction(() => import("./task-action.js"))
  .build();
