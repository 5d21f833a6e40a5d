import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{C as r,m as t,v as e,y as o}from"./chunk-4H2BTHEG.js";var a=e({language:t(),compiler:e({version:t()}),settings:e({compilationTarget:o(t(),t()),libraries:r(o(t(),t()))}),sources:o(t(),e({keccak256:r(t()),content:r(t())}))});export{a};
