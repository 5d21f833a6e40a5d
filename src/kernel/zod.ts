import { config } from "zod/mini";
import en from "zod/v4/locales/en.js";

// zod/mini: the same validation as zod's classic API, a fraction of its load time and memory. It carries no
// messages of its own; these are the ones users read in input errors. Import it as a namespace
// (`import * as z from ".../kernel/zod.js"`) so that a bundle keeps only what is used.
config(en());

export * from "zod/mini";
