import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-ILJEG4IP.js";import"./chunk-CK5PV35Y.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
