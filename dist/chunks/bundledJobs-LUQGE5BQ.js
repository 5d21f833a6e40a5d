import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-RHZKDJWW.js";import"./chunk-7LUDGF7L.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
