// The house of DESIGN.md §10: its parts, and the arrows between them that must never exist. Held by
// test/layout/layering.test.ts; change the picture in DESIGN.md first, then here.
const part = {
  doors: "^(src/action|src/cli|plugin)/",
  hall: "^src/run/",
  inputs: "^src/inputs/",
  discovery: "^src/discovery/",
  engine: "^src/verify/(?!(verifier|service|job|events)\\.ts$)",
  port: "^src/verify/(verifier|service|job|events)\\.ts$",
  ledger: "^src/ledger/",
  verifiers: "^src/verifiers/",
  client: "^(src/client|src/schemas)/",
  transport: "^src/client/transport",
  lookup: "^src/explorers/",
  chain: "^src/chain/",
  matcher: "^src/recompile/",
  local: "^src/local-explorer/",
  kernel: "^src/kernel/",
  base: "^src/(errors|options|report)/",
};

/** One never: no arrow from a part to any of the others named. */
const never = (name, from, to, comment) => ({
  name,
  severity: "error",
  comment,
  from: { path: part[from] },
  to: { path: to.map((each) => part[each]) },
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A circle of imports has no bottom: every module of it needs every other.",
      from: { path: "^(src|plugin)/" },
      to: { circular: true },
    },
    {
      name: "door-to-door",
      severity: "error",
      comment: "A door speaks to the hall, never to another door.",
      from: { path: "^src/action/" },
      to: { path: "^(src/cli|plugin)/" },
    },
    {
      name: "cli-to-door",
      severity: "error",
      from: { path: "^src/cli/" },
      to: { path: "^(src/action|plugin)/" },
    },
    {
      name: "task-to-door",
      severity: "error",
      from: { path: "^plugin/" },
      to: { path: "^(src/action|src/cli)/" },
    },
    {
      name: "door-through-face",
      severity: "error",
      comment:
        "A door speaks to the hall through its face: commands/ (the request functions and the run's report) and the settings table.",
      from: { path: part.doors },
      to: {
        path: part.hall,
        pathNot: "^src/run/(commands/|settings\\.ts$)",
      },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that resolves to no file: the house read would not be the tree.",
      from: { path: "^(src|plugin)/" },
      to: { couldNotResolve: true },
    },
    never(
      "door-below-hall",
      "doors",
      ["client", "verifiers", "engine", "ledger", "discovery", "chain"],
      "A door reads its world into facts and hands them to the hall; it reaches nothing below it.",
    ),
    never(
      "engine-outward",
      "engine",
      ["verifiers", "client", "hall", "doors", "ledger", "chain"],
      "The engine works through the port: verifiers, the ledger and the chain are handed to it.",
    ),
    never("port-to-client", "port", ["client"], "The port speaks the engine's words, not a service's."),
    never(
      "client-upward",
      "client",
      ["port", "engine", "lookup"],
      "The client knows nothing of verification.",
    ),
    never("verifier-to-hall", "verifiers", ["hall"], "A verifier serves the hall; it never calls it."),
    never("hall-to-transport", "hall", ["transport"], "The service record builds transports, not the hall."),
    never(
      "local-to-client",
      "local",
      ["client", "verifiers"],
      "A stand-in shares no code with what it tests.",
    ),
    never("matcher-to-client", "matcher", ["client"], "Compiling and matching need no explorer."),
    never("inputs-to-client", "inputs", ["client"], "Reading files needs no explorer."),
    never(
      "base-upward",
      "base",
      ["doors", "hall", "engine", "ledger", "verifiers", "client", "discovery", "inputs", "chain", "local"],
      "Errors, defaults and report text are below every part that uses them: they read the port's words at most.",
    ),
    {
      name: "hall-steps",
      severity: "error",
      comment:
        "The hall's steps run one way: commands use runners and shards, which use jobs, targets and report; never back.",
      from: { path: "^src/run/(targets|jobs|report)/" },
      to: { path: "^src/run/(commands|hardhat|runners|shards)/" },
    },
    {
      name: "runners-below-commands",
      severity: "error",
      comment: "A runner is handed its jobs and targets by a command; it never calls one.",
      from: { path: "^src/run/runners/" },
      to: { path: "^src/run/(commands|hardhat)/" },
    },
    {
      name: "kernel-outward",
      severity: "error",
      comment: "The kernel holds the words every part may use: it needs none of them but the errors.",
      from: { path: part.kernel },
      to: { path: "^(src|plugin)/", pathNot: "^src/(kernel|errors)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(lib|dist|test|bench|scripts|demo)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    moduleSystems: ["es6", "cjs"],
    // Packages' subpath exports (hardhat/types/hre) resolve as Node and TypeScript resolve them.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["types", "import", "require", "node", "default"],
    },
  },
};
