// Run in a process of its own (with a heap limit): the Action's reader (jobsFromInputs) given a Foundry broadcast
// and its out/ folder. Prints the jobs' contracts as JSON.
// Usage: node --import tsx deploymentJobsChild.ts WORKSPACE DEPLOYMENT
import { jobsFromInputs } from "../../src/run/jobs/inputJobs.js";

const [workspace = "", deployment = ""] = process.argv.slice(2);
const jobs = await jobsFromInputs(
  { contracts: undefined, deployment, artifacts: "out", rpcUrl: undefined },
  workspace,
);
console.log(JSON.stringify(jobs.map((job) => job.contract)));
