import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a as t}from"./chunk-GIHBW6CV.js";var r={"*":{"*":["abi","evm.bytecode.object","evm.deployedBytecode.object","metadata"]}};function l(o){let{compilationTarget:n,libraries:a,...i}=o,e=t(a??{});return{...i,...Object.keys(e).length>0?{libraries:e}:{},outputSelection:r}}export{l as a};
