import type { ProxyChainReader } from "../../chain/proxyKinds.js";
import { InvalidInputError } from "../../errors/index.js";
import type { BuildInfo } from "../../inputs/buildInfo.js";
import { contractsOf } from "../../inputs/compiledContracts.js";
import { findContract } from "../../inputs/findContract.js";
import { contractsMatching, isDeployedCodeOf } from "../../inputs/inferContract.js";

/** A build of the project with one of its profiles. */
export interface ProfileBuild {
  buildProfile: string;
  buildInfos: BuildInfo[];
}

/** The contract at an address, the project's build profiles, and how to build with one. */
export interface MatchingBuildRequest {
  address: string;
  /** `--contract`, when named: it is the one whose code must match. */
  contract?: string | undefined;
  chain: ProxyChainReader;
  /** The profile asked (`--build-profile`, else the default); tried first. */
  asked: string;
  /** Every profile of the project's config. */
  profiles: readonly string[];
  build: (profile: string) => Promise<ProfileBuild>;
  /** Told when another profile's build is the one that matches. */
  onOtherProfile: (line: string) => void;
}

/**
 * The project's build whose code is the one deployed at an address: the asked profile's, else the first of the
 * project's other profiles whose build matches (a contract deployed from `npx hardhat build` is built with `default`,
 * where verification asks `production`), said in one line.
 *
 * @param request - the address, its chain, the profiles and how to build
 * @returns the build that matches; the asked one when there is no code at the address (the caller says so)
 * @throws {InvalidInputError} when no profile's build matches, naming the profiles tried
 */
export async function matchingBuild(request: MatchingBuildRequest): Promise<ProfileBuild> {
  const { address, contract } = request;
  const code = await request.chain.getCode(address);
  const first = await request.build(request.asked);
  if (code === "0x" || matches(first.buildInfos, code, contract)) return first;
  const tried = [request.asked];
  for (const profile of request.profiles.filter((name) => name !== request.asked)) {
    tried.push(profile);
    const other = await request.build(profile);
    if (!matches(other.buildInfos, code, contract)) continue;
    request.onOtherProfile(
      `The "${request.asked}" build does not match the code at ${address}; the "${profile}" build does: verifying with the "${profile}" profile.`,
    );
    return other;
  }
  const profiles = tried.map((name) => `"${name}"`).join(", ");
  throw new InvalidInputError(
    "contract",
    contract
      ? `The code at ${address} is not ${contract} as built with any of the project's build profiles (tried ${profiles}). Check --contract and the network, or leave --contract out to infer it.`
      : `No contract of this project's build matches the code at ${address} with any of its build profiles (tried ${profiles}). Check the network, or name the contract with --contract.`,
  );
}

function matches(buildInfos: BuildInfo[], code: string, contract: string | undefined): boolean {
  if (contract) return isDeployedCodeOf(findContract(buildInfos, contract, "--contract", code), code);
  return contractsMatching(buildInfos.flatMap(contractsOf), code).length > 0;
}
