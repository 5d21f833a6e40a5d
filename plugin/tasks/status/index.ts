import { task } from "hardhat/config";
import { ArgumentType } from "hardhat/types/arguments";
import { optionalText } from "../../internal/taskOptions.js";

export default task(
  ["explorer-verify", "status"],
  "Look up a verification (or proxy link) by its guid; without one, print the ledger",
)
  .addPositionalArgument(
    optionalText(
      "guid",
      "The guid a submission returned (without it: the ledger, every contract on every chain)",
    ),
  )
  .addOption(
    optionalText(
      "ledger",
      "The ledger to print without a guid (default .explorer-verify/ledger.json in the project)",
    ),
  )
  .addOption({
    name: "target",
    type: ArgumentType.STRING,
    description: "The service asked: blockscout, etherscan, sourcify or routescan",
    defaultValue: "blockscout",
  })
  .addOption(optionalText("explorerUrl", "The explorer (else the chain descriptor's Blockscout URL)"))
  .addFlag({ name: "proxy", description: "The guid is a proxy link's (checkproxyverification)" })
  .addFlag({ name: "json", description: "Print the status as JSON" })
  .setAction(() => import("./task-action.js"))
  .build();
