import { task } from "hardhat/config";
import { ArgumentType } from "hardhat/types/arguments";
import { optionalText } from "../../internal/taskOptions.js";

export default task(
  ["explorer-verify", "fetch"],
  "Write a verified contract's ABI, sources and creation data to a folder",
)
  .addPositionalArgument({ name: "address", description: "The contract's address" })
  .addOption({
    name: "out",
    type: ArgumentType.STRING,
    description: "The folder to write to",
    defaultValue: "explorer-verify-fetch",
  })
  .addOption(optionalText("explorerUrl", "The explorer (else the chain descriptor's Blockscout URL)"))
  .setAction(() => import("./task-action.js"))
  .build();
