import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{g as t,p as e,s as o,w as r}from"./chunk-IJSTNDLJ.js";var a=e({language:t(),compiler:e({version:t()}),settings:e({compilationTarget:o(t(),t()),libraries:r(o(t(),t()))}),sources:o(t(),e({keccak256:r(t()),content:r(t())}))});export{a};
