import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-I67EUCUB.js";import"./chunk-7KAOGJDH.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
