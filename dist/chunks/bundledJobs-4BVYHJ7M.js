import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-2NH52XXO.js";import"./chunk-7TEDVEYC.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
