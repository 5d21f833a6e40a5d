import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function n(e){return e.chainId===void 0?e.service:`${e.service} on chain ${e.chainId}`}function t(e){let r=e.part?` (part ${e.part.index} of ${e.part.of})`:"";return`${n(e)}${r}`}export{n as a,t as b};
