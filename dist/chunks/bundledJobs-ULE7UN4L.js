import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-GTFTNLCQ.js";import"./chunk-REPGG53W.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
