import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var e=["blockscout","etherscan","sourcify","routescan"],r={blockscout:"Blockscout",etherscan:"Etherscan",sourcify:"Sourcify",routescan:"Routescan"};export{e as a,r as b};
