import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{B as r,l as t,u as e,x as o}from"./chunk-O2TNNPUU.js";var a=e({language:t(),compiler:e({version:t()}),settings:e({compilationTarget:o(t(),t()),libraries:r(o(t(),t()))}),sources:o(t(),e({keccak256:r(t()),content:r(t())}))});export{a};
