import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-TTMJUJMK.js";import"./chunk-CK5PV35Y.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
