import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{d as a,e as b,f as c,g as d,h as e}from"./chunk-D2TBUVMH.js";import"./chunk-2KOGJI6I.js";import"./chunk-6L7UHSPS.js";import"./chunk-HTJ7X7IG.js";import"./chunk-KKM7PONK.js";export{c as explorerName,a as explorersOfJobs,e as planMatrix,b as planShards,d as shardMatrix};
