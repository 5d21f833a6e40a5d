import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-6IT22BRM.js";import"./chunk-X53BEMVO.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
