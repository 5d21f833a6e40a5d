import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var u=class{#t=new Map;#e=new Map;budget(e,s){let t=this.#t.get(e);return t||(t=s(),this.#t.set(e,t)),t}lookups(e,s,t){let i=this.#e.get(e);if(i&&t(i))return i;let n=s();return this.#e.set(e,n),n}};export{u as a};
