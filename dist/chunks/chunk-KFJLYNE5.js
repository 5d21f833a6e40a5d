import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var{AsyncLocalStorage:r}=process.getBuiltinModule("node:async_hooks"),e=new r;function t(n,o){return e.run(n,o)}function s(){return e.getStore()}export{t as a,s as b};
