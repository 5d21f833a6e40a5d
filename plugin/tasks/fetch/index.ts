import { task } from "hardhat/config";
import { ArgumentType } from "hardhat/types/arguments";

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
  .addOption({
    name: "explorerUrl",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "The explorer (else the chain descriptor's Blockscout URL)",
    defaultValue: undefined,
  })
  .setAction(() => import("./task-action.js"))
  .build();
