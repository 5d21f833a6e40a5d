import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{d as a,e as b,f as c,g as d,h as e}from"./chunk-N3HMDCWU.js";import"./chunk-2FZW3YVU.js";import"./chunk-234GVHWY.js";import"./chunk-FSBV2BDA.js";import"./chunk-KKM7PONK.js";export{c as explorerName,a as explorersOfJobs,e as planMatrix,b as planShards,d as shardMatrix};
