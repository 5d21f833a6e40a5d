import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{h as t,q as e,t as o,x as r}from"./chunk-AN2N4FPJ.js";var a=e({language:t(),compiler:e({version:t()}),settings:e({compilationTarget:o(t(),t()),libraries:r(o(t(),t()))}),sources:o(t(),e({keccak256:r(t()),content:r(t())}))});export{a};
