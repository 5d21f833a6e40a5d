import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-CZW4HE4V.js";import"./chunk-QY5B3P32.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
