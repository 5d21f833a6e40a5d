import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-WGKX72A3.js";import"./chunk-CYGJQYWQ.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
