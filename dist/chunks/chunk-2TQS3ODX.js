import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var e=["blockscout","etherscan","sourcify","routescan"];function i(t){return e.includes(t)}var r={blockscout:"Blockscout",etherscan:"Etherscan",sourcify:"Sourcify",routescan:"Routescan"};export{e as a,i as b,r as c};
