import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var e=["blockscout","etherscan","sourcify","routescan"],t={blockscout:"Blockscout",etherscan:"Etherscan",sourcify:"Sourcify",routescan:"Routescan"};export{e as a,t as b};
